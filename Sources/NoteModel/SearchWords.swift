/// The words of a search as a person typed it, as the note list's index and
/// the editor's highlight both look for them: split at blanks, each without
/// the punctuation around it (`"talk about"` is the words talk and about, as
/// the index, which keeps only letters and digits, reads it). A word of
/// symbols alone (an emoji, "€", "→"), which the index does not keep, and a
/// word in a script written without spaces are looked for anywhere in the text.
public enum SearchWords {
    /// A word to look for.
    public struct Word: Equatable, Sendable {
        /// The word as typed, without the punctuation around it.
        public let text: String
        /// Whether it is matched anywhere in the text, not at the start of a word.
        public let anywhere: Bool
    }

    /// The words of `search`, in order; none for blanks alone.
    public static func of(_ search: String) -> [Word] {
        search.split(whereSeparator: { $0.isWhitespace }).map { typed in
            let isKept = { (character: Character) in character.isLetter || character.isNumber }
            guard let first = typed.firstIndex(where: isKept), let last = typed.lastIndex(where: isKept) else {
                return Word(text: String(typed), anywhere: true)
            }
            let word = String(typed[first...last])
            return Word(text: word, anywhere: UnspacedScript.contains(word))
        }
    }
}
