public import FoundationEssentials

/// A note's file in the sync folder (its path there: "Work/plan.md"), and
/// the version both sides last agreed on.
public struct SyncedNoteFile: Sendable, Equatable {
    /// The note.
    public var noteID: UUID
    /// Its file's path in the folder ("plan.md", "Work/plan.md").
    public var fileName: String
    /// The server's entity tag for the file as last seen; nil before the
    /// file is first written (or if the server gives none).
    public var etag: String?
    /// The note's revision when both sides last held the same text; -1 if
    /// not known (the note's text is compared with `syncedHash` instead).
    public var syncedRevision: Int64
    /// `TextFingerprint` of that text; empty before the first write.
    public var syncedHash: String
    /// `TextFingerprint` of a text sent to the server whose answer has not
    /// come: if the server holds it, the write went through.
    public var sentHash: String?
    /// The file name's base that text's title gave: a later title that gives
    /// another renames the file.
    public var titleBase: String
    /// The server's identifier of the file, the same after a move (Nextcloud's
    /// `oc:fileid`), if it gave one.
    public var fileID: String?
    /// Whether the file was starred when both sides last agreed on the note's
    /// pin (nil: never, or the server keeps no star).
    public var syncedFavorite: Bool?

    public init(
        noteID: UUID, fileName: String, etag: String?, syncedRevision: Int64, syncedHash: String, sentHash: String? = nil,
        titleBase: String, fileID: String? = nil, syncedFavorite: Bool? = nil
    ) {
        self.noteID = noteID
        self.fileName = fileName
        self.etag = etag
        self.syncedRevision = syncedRevision
        self.syncedHash = syncedHash
        self.sentHash = sentHash
        self.titleBase = titleBase
        self.fileID = fileID
        self.syncedFavorite = syncedFavorite
    }

    /// The category its file's folder stands for ("Work" of "Work/plan.md"; "" at the top).
    public var category: String { NoteCategory.folder(of: fileName) }
}
