public import Foundation

/// A note: free text whose first non-blank line is its title.
public struct Note: Sendable, Equatable, Identifiable {
    /// Stable for the note's whole life; also the note's address (`quire://note/<id>`).
    public let id: UUID
    /// Everything the user typed.
    public var body: String
    /// When the note was made.
    public let createdAt: Date
    /// When the body last changed.
    public var modifiedAt: Date
    /// How many times the body was saved: a save names the revision it edited,
    /// and is refused if the note has moved on since.
    public var revision: Int64

    /// A note with the given fields.
    public init(id: UUID, body: String, createdAt: Date, modifiedAt: Date, revision: Int64 = 0) {
        self.id = id
        self.body = body
        self.createdAt = createdAt
        self.modifiedAt = modifiedAt
        self.revision = revision
    }

    /// The first non-blank line, trimmed; empty for a blank note.
    public var title: String { Note.title(ofBody: body) }

    /// The longest title kept, in characters; longer first lines are cut with "…".
    public static let maximumTitleLength = 80

    /// How much of a note's start its title is taken from (the list and window
    /// titles read only this much, so long notes cost nothing extra per keystroke).
    public static let titleSourceLength = 400

    /// The title a note with `body` has: its first non-blank line within the
    /// first `titleSourceLength` characters, trimmed and cut to
    /// `maximumTitleLength` characters.
    public static func title(ofBody body: String) -> String {
        let start = body.prefix(titleSourceLength)
        let line = start.split(whereSeparator: \.isNewline).lazy
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .first { !$0.isEmpty } ?? ""
        guard line.count > maximumTitleLength else { return line }
        return String(line.prefix(maximumTitleLength - 1)) + "…"
    }
}
