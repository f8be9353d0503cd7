public import Foundation

/// A note that matches a search: its title, and a snippet of its text around
/// the matches with the matched words marked, read as a list row's preview
/// is: its lines without Markdown marks or blank lines.
public struct NoteSearchResult: Equatable, Sendable {
    /// The matching note.
    public let noteID: UUID
    /// The note's title.
    public let title: String
    /// Text around the matches, "…" where it was cut, one line of the note a
    /// line, each without its Markdown marks (`- [ ] **milk**` reads "milk").
    public let snippet: String
    /// Where in `snippet` the matched words are.
    public let matches: [Range<String.Index>]

    /// Marks SQLite puts around matched words in a snippet; control characters
    /// that typed text cannot contain.
    static let matchStart: Character = "\u{2}", matchEnd: Character = "\u{3}"

    /// A result from a marked-up snippet. Its marks are dropped before the
    /// match marks are read, so the matches stay on the words.
    init(noteID: UUID, title: String, markedSnippet: String) {
        self.noteID = noteID
        self.title = title
        var text = ""
        var bounds: [(start: Int, end: Int)] = []
        var start: Int?
        var length = 0
        for character in MarkdownTitle.plainLines(of: markedSnippet).joined(separator: "\n") {
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
        snippet = text
        matches = bounds.map { text.index(text.startIndex, offsetBy: $0.start)..<text.index(text.startIndex, offsetBy: $0.end) }
    }
}
