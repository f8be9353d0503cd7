import Foundation

/// Finds what a search typed in the note list matched in one note's text, so
/// the editor can show it: as the index matches, each word of the search at the
/// start of a word of the text (or anywhere, for scripts written without
/// spaces), ignoring case and accents.
public enum TextSearch {
    /// The first place in `text` that one of `search`'s words matches, in
    /// Unicode scalars from the start (as GTK counts a text buffer's offsets);
    /// nil if none does.
    public static func firstMatch(of search: String, in text: String) -> Range<Int>? {
        let words = search.split(whereSeparator: { $0.isWhitespace }).map(String.init)
        let found = words.compactMap { firstOccurrence(of: $0, in: text) }
        guard let first = found.min(by: { $0.lowerBound < $1.lowerBound }) else { return nil }
        let scalars = text.unicodeScalars
        let start = scalars.distance(from: scalars.startIndex, to: first.lowerBound)
        return start..<(start + scalars.distance(from: first.lowerBound, to: first.upperBound))
    }

    /// Every place in `text` that one of `search`'s words matches, in order,
    /// in Unicode scalars from the start; at most `limit` of them (the editor
    /// highlights them while a search is active).
    public static func allMatches(of search: String, in text: String, limit: Int = 10_000) -> [Range<Int>] {
        var found: [Range<String.Index>] = []
        for word in search.split(whereSeparator: { $0.isWhitespace }).map(String.init) {
            var searchStart = text.startIndex
            while found.count < limit, let match = occurrence(of: word, in: text, from: searchStart) {
                found.append(match)
                searchStart = match.upperBound
            }
        }
        found.sort { $0.lowerBound < $1.lowerBound }
        // Offsets in one walk through the text, not one from the start per match.
        let scalars = text.unicodeScalars
        var index = scalars.startIndex
        var offset = 0
        return found.map { match in
            offset += scalars.distance(from: index, to: match.lowerBound)
            index = match.lowerBound
            return offset..<(offset + scalars.distance(from: match.lowerBound, to: match.upperBound))
        }
    }

    /// Where `word` first occurs in `text` at the start of a word (anywhere, for an unspaced script).
    private static func firstOccurrence(of word: String, in text: String) -> Range<String.Index>? {
        occurrence(of: word, in: text, from: text.startIndex)
    }

    /// Where `word` next occurs in `text` from `start` on, at the start of a word
    /// (anywhere, for an unspaced script), ignoring case and accents.
    private static func occurrence(of word: String, in text: String, from start: String.Index) -> Range<String.Index>? {
        let anywhere = UnspacedScript.contains(word)
        var searchStart = start
        while let found = text.range(of: word, options: [.caseInsensitive, .diacriticInsensitive], range: searchStart..<text.endIndex) {
            if anywhere || found.lowerBound == text.startIndex || !isWordCharacter(text[text.index(before: found.lowerBound)]) {
                return found
            }
            searchStart = found.upperBound
        }
        return nil
    }

    private static func isWordCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber
    }
}
