public import Foundation

/// What a list row shows of a note: its title, the text after it, and when it
/// changed. Read from the first few hundred characters only.
public struct NoteSummary: Equatable, Sendable {
    public let noteID: UUID
    public let title: String
    /// The text after the title line, on one line.
    public let preview: String
    public let modifiedAt: Date

    /// How many characters of a note a summary reads.
    static let readLength = Note.titleSourceLength

    init(noteID: UUID, start: String, modifiedAt: Date) {
        self.noteID = noteID
        title = Note.title(ofBody: start)
        let lines = start.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
        let afterTitle = lines.drop { $0.isEmpty }.dropFirst()
        preview = afterTitle.filter { !$0.isEmpty }.joined(separator: " ")
        self.modifiedAt = modifiedAt
    }
}
