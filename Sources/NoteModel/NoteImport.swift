public import Foundation

/// What an import did: the notes it made, in the order of their files, and
/// every file it passed over with the reason.
public struct NoteImport: Equatable, Sendable {
    public var imported: [UUID] = []
    public var skipped: [SkippedImportFile] = []

    public init(imported: [UUID] = [], skipped: [SkippedImportFile] = []) {
        self.imported = imported
        self.skipped = skipped
    }
}
