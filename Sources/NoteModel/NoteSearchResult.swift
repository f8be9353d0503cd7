public import FoundationEssentials

/// A note that matches a search: its title, and a snippet of its text around
/// the matches with the matched words marked. The snippet is read (its marks
/// and Markdown taken out) only when it is shown: a search finds up to 200
/// notes, and a list shows a few of them.
public struct NoteSearchResult: Equatable, Sendable {
    /// The matching note.
    public let noteID: UUID
    /// The note's title.
    public let title: String
    /// The snippet as the search made it: text around the matches, "…"
    /// where it was cut, each matched word between `matchStart` and `matchEnd`.
    let markedSnippet: String

    /// Marks SQLite puts around matched words in a snippet; control characters
    /// that typed text cannot contain.
    static let matchStart: Character = "\u{2}", matchEnd: Character = "\u{3}"

    init(noteID: UUID, title: String, markedSnippet: String) {
        self.noteID = noteID
        self.title = title
        self.markedSnippet = markedSnippet
    }

    /// The snippet as a person reads it, one line of the note a line, each
    /// without its Markdown marks (`- [ ] **milk**` reads "milk"), and where
    /// the matched words are in it. The Markdown goes before the match marks
    /// are read, so the matches stay on the words. A snippet from the note's
    /// start leaves out the title line, which the result shows already,
    /// unless a match is in it or nothing else is left.
    public func readableSnippet() -> (text: String, matches: [Range<String.Index>]) {
        var lines = MarkdownTitle.plainLines(of: markedSnippet)
        if !markedSnippet.hasPrefix("…"), lines.count > 1, !lines[0].contains(NoteSearchResult.matchStart) {
            lines.removeFirst()
        }
        var text = ""
        var bounds: [(start: Int, end: Int)] = []
        var start: Int?
        var length = 0
        for character in lines.joined(separator: "\n") {
            switch character {
            case NoteSearchResult.matchStart: start = length
            case NoteSearchResult.matchEnd:
                if let start { bounds.append((start, length)) }
                start = nil
            default:
                text.append(character)
                length += 1
            }
        }
        let matches = bounds.map { text.index(text.startIndex, offsetBy: $0.start)..<text.index(text.startIndex, offsetBy: $0.end) }
        return (text, matches)
    }
}
