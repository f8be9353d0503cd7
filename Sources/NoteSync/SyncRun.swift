import FoundationEssentials
import NoteModel
import WebDAV

/// One sync, step by step: list the folder, plan, guard against mass
/// deletion, then settle each synced note (moving the files of renamed ones),
/// take in new files, send new notes and remove old names a sync cut short
/// left behind.
///
/// This file holds the run's state, its order of steps and the naming they
/// share; each stage is an extension of its own file: `SyncRun+SyncedNote`,
/// `+Sending`, `+NewNotes` and `+TakingIn`. The state is internal, not
/// private, only so that those files share it; nothing else touches it.
@MainActor
final class SyncRun {
    let store: NoteStore
    let remote: WebDAVClient
    /// The folder's writes, guarded as the server allows (set once the listing is in).
    var folder: GuardedFolder!
    let knownSafety: (safety: WriteSafety, listsETags: Bool)?
    let untitled: String
    let conflictTitle: (String, Date) -> String
    let progress: ((Int, Int) -> Void)?
    let waitForTurn: (() async -> Void)?
    var report = SyncReport()
    /// File names in use on the server or by a note (lowercased), for new
    /// names; made when a first one is needed (most syncs need none). Not a
    /// lazy property: one taken `inout` is copied whole at each name, and
    /// naming 10,000 notes copied 10,000 names 10,000 times (`newFileName`).
    var takenNames: Set<String>?
    var namesInUse: [String] = []
    var notes: [UUID: SyncCandidate] = [:]
    /// Notes this sync gave a file by pairing them with one already there.
    var paired: Set<UUID> = []
    /// Notes unchanged here whose files left the server: renamed there (a
    /// new file holds their text under another title) or sent to the trash.
    var vanished: [UUID: SyncedNoteFile] = [:]
    var work = (done: 0, total: 0)
    /// The folders on the server (categories' paths), as listed and as made
    /// since, by their bytes: "Café" composed is not the folder "Café"
    /// decomposed, which Swift's strings take for the same.
    var knownFolders: Set<[UInt8]> = []
    /// The suffix of new files (".md", or the Notes app's setting on Nextcloud).
    let newFileSuffix: String
    lazy var intake = SyncIntakeWriter(store: store)
    lazy var sending = SyncSendingStore(path: store.path)

    init(
        store: NoteStore, remote: WebDAVClient, knownSafety: (safety: WriteSafety, listsETags: Bool)?, newFileSuffix: String,
        untitled: String, conflictTitle: @escaping (String, Date) -> String, progress: ((Int, Int) -> Void)?,
        waitForTurn: (() async -> Void)?
    ) {
        self.store = store
        self.newFileSuffix = newFileSuffix
        self.remote = remote
        self.knownSafety = knownSafety
        self.untitled = untitled
        self.conflictTitle = conflictTitle
        self.progress = progress
        self.waitForTurn = waitForTurn
    }

    func perform(allowingMassDeletion: Bool) async throws {
        defer {
            intake.close()
            sending.close()
        }
        // What was synced is read on a thread of its own while the server lists
        // the folder, and the plan is made from both on another.
        let path = store.path
        let reading = Task.detached(priority: .userInitiated) { try SyncLocalState.read(at: path) }
        let tree = try await remote.listTree()
        knownFolders = Set(tree.folders.map { Array($0.utf8) })
        folder = GuardedFolder(
            remote: remote, safety: try await writeSafety(listing: tree.files), held: HeldLocks(path: store.path + ".sync-locks"))
        let removed = await folder.releaseLeftLocks()
        let listed = tree.files.filter { !removed.contains($0.name) }
        let plan = await SyncPlan.make(listed: listed, unlisted: tree.unlisted, local: try await reading.value)
        notes = plan.notes
        namesInUse = plan.namesInUse
        for name in plan.staleGone { try store.forgetStaleFile(name) }
        for name in plan.badNames { report.postponed.append(PostponedFile(name, .badName)) }
        for folder in tree.unlisted { report.postponed.append(PostponedFile(folder.path, .unlistedFolder(folder.error))) }

        if !allowingMassDeletion, let (local, remote) = plan.massDeletion { throw SyncError.massDeletion(local: local, remote: remote) }
        work.total = plan.changedOnServer + plan.unclaimed.count + plan.newNotes.count
        var copies: [UUID] = []
        for (file, remoteFile) in plan.pairs {
            if let copy = try await settle(file, remoteFile) { copies.append(copy) }
        }
        try await takeIn(plan.unclaimed)
        for file in vanished.values {
            try store.trashRemovedNote(file.noteID)
            report.trashed += 1
        }
        try await sendNew(plan.newNotes + copies)
        for (entry, remoteFile) in plan.staleOnServer { try await removeStale(entry, remoteFile) }
    }

    // MARK: Planning

    /// How the server keeps one device's write from replacing another's: as
    /// found before, unless its listing now looks like another server's
    /// (entity tags where there were none, or none where there were), when
    /// the probe runs again and its finding is recorded.
    private func writeSafety(listing listed: [RemoteFile]) async throws -> WriteSafety {
        let listsETags = listed.contains { $0.etag != nil }
        if let knownSafety, listed.isEmpty || knownSafety.listsETags == listsETags { return knownSafety.safety }
        let found = try await remote.probeWriteSafety()
        try store.recordWriteSafety(found.rawValue, listsETags: listsETags || (listed.isEmpty && found == .preconditions))
        report.writeSafety = found
        return found
    }

    func localState(of file: SyncedNoteFile) -> SyncPlan.LocalState { SyncPlan.localState(of: file, in: notes) }

    /// Counts one file about to be sent or received, once the app lets the
    /// sync go on (`waitForTurn`).
    func advance() async {
        await waitForTurn?()
        work.done += 1
        progress?(work.done, max(work.total, work.done))
    }

    /// Whether two versions are the same (entity tags compared weakly: a
    /// weak tag and the strong one it became are the same version).
    nonisolated static func sameVersion(_ first: String?, _ second: String?) -> Bool {
        guard let first, let second else { return false }
        return comparable(first) == comparable(second)
    }

    /// `version` as versions are compared: a weak tag as the strong one it becomes.
    nonisolated static func comparable(_ version: String) -> String {
        version.hasPrefix("W/") ? String(version.dropFirst(2)) : version
    }

    /// Why the folder's last refused write was refused: another device's
    /// lock on the file, or the file not as last seen.
    var refusal: PostponedFile.Reason { folder.lastRefusalWasLock ? .beingWritten : .changedMeanwhile }

    /// A file's path in the folder of `category` made from `base` (with the
    /// suffix of new files), that no file or note uses yet, from now on taken.
    /// The name `own` counts as free: the file renamed may keep it (and
    /// still holds it otherwise).
    func newFileName(_ base: String, in category: String, suffix: String? = nil, freeing own: String? = nil) -> String {
        var taken = takenNames ?? Set(namesInUse.map { $0.lowercased() })
        takenNames = nil  // the set's only owner is `taken` while a name is added: added in place
        defer { takenNames = taken }
        let path = category.isEmpty ? base : category + "/" + base
        if let own { taken.remove(own.lowercased()) }
        defer { if let own { taken.insert(own.lowercased()) } }
        return NoteFileName.unique(path, extension: String((suffix ?? newFileSuffix).drop { $0 == "." }), taken: &taken)
    }

    /// The base of the name a note's file takes, as Nextcloud's Notes app makes it.
    func titleBase(of text: String) -> String {
        NoteFileName.nextcloudBase(for: Note.title(ofBody: text), fallback: untitled)
    }
}
