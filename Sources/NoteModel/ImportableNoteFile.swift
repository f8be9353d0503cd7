public import Foundation

/// A file read for import: its text, to become one note as it is, and when it
/// was last changed (the note's date).
public struct ImportableNoteFile: Equatable, Sendable {
    public let path: String
    public let body: String
    public let modifiedAt: Date

    public init(path: String, body: String, modifiedAt: Date) {
        self.path = path
        self.body = body
        self.modifiedAt = modifiedAt
    }
}
