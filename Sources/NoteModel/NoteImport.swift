public import FoundationEssentials

/// What an import did: the notes it made, in the order of their files, and
/// every file it passed over with the reason.
public struct NoteImport: Equatable, Sendable {
    public var imported: [UUID] = []
    public var skipped: [SkippedImportFile] = []

    /// The files skipped for a reason the person should hear of: all but those
    /// whose text was already a note.
    public var refused: [SkippedImportFile] { skipped.filter { $0.reason != .alreadyANote } }

    public init(imported: [UUID] = [], skipped: [SkippedImportFile] = []) {
        self.imported = imported
        self.skipped = skipped
    }
}
