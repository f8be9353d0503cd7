import FoundationEssentials
import NoteModel
import WebDAV

/// What a sync works through, made from the folder's listing and what was
/// last synced, on a thread of its own: over 10,000 notes, filtering,
/// indexing, pairing and counting them held the main loop for 20 to 77 ms,
/// where typing and drawing wait.
struct SyncPlan: Sendable {
    /// How a note stands against what was last synced of it.
    enum LocalState: Sendable { case gone, trashed, edited, unchanged }

    /// Every note here (without its text), by ID.
    let notes: [UUID: SyncCandidate]
    /// The names of the folder's note files and of the files notes here have or had.
    let namesInUse: [String]
    /// Each note that has a file, with that file as the server lists it now (nil: gone from it).
    let pairs: [(SyncedNoteFile, RemoteFile?)]
    /// Old names still on the server, with their files there.
    let staleOnServer: [(SyncLocalState.StaleFile, RemoteFile)]
    /// Old names no longer on the server: nothing left to remove.
    let staleGone: [String]
    /// Notes here, outside the trash, that have no file.
    let newNotes: [UUID]
    /// The folder's note files that no note has, in the order of their names.
    let unclaimed: [RemoteFile]
    /// Files whose names hold control characters: never taken (a name with a
    /// NUL would be stored cut short, and asked for again at every sync).
    let badNames: [String]
    /// How many of `pairs`' files changed on the server, or left it, since the last sync.
    let changedOnServer: Int
    /// How many notes this sync would send to the trash here (`local`) and
    /// remove from the server (`remote`), if either is more than half of
    /// the notes on its side (and more than 10): the sync stops to ask first.
    let massDeletion: (local: Int, remote: Int)?

    /// The plan for `listed` (the folder's files) and `local`. What lies in
    /// the folders of `unlisted` is not known this time: their notes are
    /// neither paired (as gone) nor sent, and their old names neither
    /// removed nor forgotten, until a listing shows them.
    static func make(listed: [RemoteFile], unlisted: [UnlistedFolder] = [], local: SyncLocalState) async -> SyncPlan {
        await Task.detached(priority: .userInitiated) { SyncPlan(listed: listed, unlisted: unlisted, local: local) }.value
    }

    private init(listed: [RemoteFile], unlisted: [UnlistedFolder], local all: SyncLocalState) {
        let unknown = { (path: String) in unlisted.contains { $0.holds(path) } }
        let local = unlisted.isEmpty ? all : SyncLocalState(
            synced: all.synced.filter { !unknown($0.fileName) }, stale: all.stale.filter { !unknown($0.name) },
            candidates: all.candidates)
        let noteFiles = listed.filter { SyncPlan.isNoteFile($0.name) }
        let files = noteFiles.filter { !RemoteName.hasControlCharacters($0.name) }
        badNames = noteFiles.filter { RemoteName.hasControlCharacters($0.name) }.map(\.name)
        // By their bytes: Swift's strings compare "Café" composed and decomposed
        // as equal, where a server holds two files (one from a Mac, say).
        var byName = Dictionary(files.map { (Array($0.name.utf8), $0) }, uniquingKeysWith: { first, _ in first })
        notes = Dictionary(local.candidates.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        namesInUse = files.map(\.name) + all.synced.map(\.fileName) + all.stale.map(\.name)
        pairs = local.synced.map { file in (file, byName.removeValue(forKey: Array(file.fileName.utf8))) }
        staleOnServer = local.stale.compactMap { entry in byName.removeValue(forKey: Array(entry.name.utf8)).map { (entry, $0) } }
        let onServer = Set(staleOnServer.map { Array($0.0.name.utf8) })
        staleGone = local.stale.map(\.name).filter { !onServer.contains(Array($0.utf8)) }
        // A note with a file in an unlisted folder is no new note either.
        let syncedIDs = Set(all.synced.map(\.noteID))
        newNotes = local.candidates.filter { !$0.isInTrash && !syncedIDs.contains($0.id) && !unknown($0.category + "/") }.map(\.id)
        // Sorted only once claimed files are out: a sync with nothing new sorts nothing.
        unclaimed = byName.values.sorted { $0.name < $1.name }
        var liveSynced = 0, toTrash = 0, toRemove = 0, changed = 0
        // A file gone from its place but found at another (filed into another
        // category, renamed) is moved, not removed: not counted to the trash.
        // Found by its version or identifier, or, for a file whose version is
        // not known yet (written by the last sync), by its name in another
        // folder: the guard only asks, and the move itself is taken only on
        // the server's word or the very same text (`SyncRun.renamedNote`).
        let lastPart = { (path: String) in (path.split(separator: "/").last.map(String.init) ?? path).lowercased() }
        let elsewhere = Set(unclaimed.compactMap { $0.version.map(SyncRun.comparable) }
            + unclaimed.compactMap { $0.fileID.map { "id " + $0 } } + unclaimed.map { "name " + lastPart($0.name) })
        for (file, remoteFile) in pairs {
            let state = SyncPlan.localState(of: file, in: notes)
            if state == .edited || state == .unchanged { liveSynced += 1 }
            let movedAway = file.etag.map { elsewhere.contains(SyncRun.comparable($0)) } == true
                || file.fileID.map { elsewhere.contains("id " + $0) } == true
                || (file.etag == nil && elsewhere.contains("name " + lastPart(file.fileName)))
            if remoteFile == nil && state == .unchanged && !movedAway { toTrash += 1 }
            if remoteFile != nil && (state == .gone || state == .trashed) { toRemove += 1 }
            if !SyncRun.sameVersion(remoteFile?.version, file.etag) { changed += 1 }
        }
        changedOnServer = changed
        let tooMany = { (count: Int, of: Int) in count > 10 && count * 2 > of }
        massDeletion = tooMany(toTrash, liveSynced) || tooMany(toRemove, files.count) ? (toTrash, toRemove) : nil
    }

    /// How the note of `file` stands, among `notes`, against what was last synced of it.
    static func localState(of file: SyncedNoteFile, in notes: [UUID: SyncCandidate]) -> LocalState {
        guard let note = notes[file.noteID] else { return .gone }
        if note.isInTrash { return .trashed }
        return note.revision == file.syncedRevision ? .unchanged : .edited
    }

    /// Whether a file at the path `name` holds a note: Markdown or text, not
    /// hidden, nor in a hidden folder.
    static func isNoteFile(_ name: String) -> Bool {
        let lowered = name.lowercased()
        return !name.split(separator: "/").contains { $0.hasPrefix(".") } && (lowered.hasSuffix(".md") || lowered.hasSuffix(".txt"))
    }
}
