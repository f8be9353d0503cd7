/// What a sync reads of the notes database before it plans: what was last
/// synced of each note, the old names left to remove from the server, and
/// every note's revision. `read(at:)` reads it through a connection of its
/// own, so that a sync can read it off the main thread while the server
/// lists its folder.
public struct SyncLocalState: Sendable {
    /// An old name a rename cut short left on record, to be removed from the
    /// server: its entity tag (nil if the server gave none) and the
    /// `TextFingerprint` of the text it held.
    public typealias StaleFile = (name: String, etag: String?, hash: String)

    /// What was synced of each note (`NoteStore.syncedFiles()`).
    public var synced: [SyncedNoteFile]
    /// Files to remove from the server (`NoteStore.staleFiles()`).
    public var stale: [StaleFile]
    /// Every note, without its text (`NoteStore.syncCandidates()`).
    public var candidates: [SyncCandidate]

    public init(synced: [SyncedNoteFile], stale: [StaleFile], candidates: [SyncCandidate]) {
        self.synced = synced
        self.stale = stale
        self.candidates = candidates
    }

    /// Reads the sync state of the notes database at `path`, through a
    /// connection opened for it and closed after; on any thread.
    public static func read(at path: String) throws -> SyncLocalState {
        let store = try NoteStore(path: path)
        defer { store.close() }
        return SyncLocalState(synced: try store.syncedFiles(), stale: try store.staleFiles(), candidates: try store.syncCandidates())
    }
}
