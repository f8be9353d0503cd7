import FoundationEssentials
import NoteModel
import WebDAV

/// One sync, step by step: list the folder, plan, guard against mass
/// deletion, then settle each synced note (moving the files of renamed ones),
/// take in new files, send new notes and remove old names a sync cut short
/// left behind.
@MainActor
final class SyncRun {
    private let store: NoteStore
    private let remote: WebDAVClient
    /// The folder's writes, guarded as the server allows (set once the listing is in).
    private var folder: GuardedFolder!
    private let knownSafety: (safety: WriteSafety, listsETags: Bool)?
    private let untitled: String
    private let conflictTitle: (String, Date) -> String
    private let progress: ((Int, Int) -> Void)?
    private let waitForTurn: (() async -> Void)?
    private(set) var report = SyncReport()
    /// File names in use on the server or by a note (lowercased), for new
    /// names; made when a first one is needed (most syncs need none). Not a
    /// lazy property: one taken `inout` is copied whole at each name, and
    /// naming 10,000 notes copied 10,000 names 10,000 times (`newFileName`).
    private var takenNames: Set<String>?
    private var namesInUse: [String] = []
    private var notes: [UUID: SyncCandidate] = [:]
    /// Notes this sync gave a file by pairing them with one already there.
    private var paired: Set<UUID> = []
    /// Notes unchanged here whose files left the server: renamed there (a
    /// new file holds their text under another title) or sent to the trash.
    private var vanished: [UUID: SyncedNoteFile] = [:]
    private var work = (done: 0, total: 0)
    /// The folders on the server (categories' paths), as listed and as made
    /// since, by their bytes: "Café" composed is not the folder "Café"
    /// decomposed, which Swift's strings take for the same.
    private var knownFolders: Set<[UInt8]> = []
    /// The suffix of new files (".md", or the Notes app's setting on Nextcloud).
    private let newFileSuffix: String
    private lazy var intake = SyncIntakeWriter(store: store)
    private lazy var sending = SyncSendingStore(path: store.path)

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

    private func localState(of file: SyncedNoteFile) -> SyncPlan.LocalState { SyncPlan.localState(of: file, in: notes) }

    /// Counts one file about to be sent or received, once the app lets the
    /// sync go on (`waitForTurn`).
    private func advance() async {
        await waitForTurn?()
        work.done += 1
        progress?(work.done, max(work.total, work.done))
    }

    // MARK: A synced note

    /// Brings one synced note and its file in step. Returns the copy made of
    /// the server's version in a conflict, which is then sent as a new note.
    private func settle(_ known: SyncedNoteFile, _ remoteFile: RemoteFile?) async throws -> UUID? {
        var file = known
        var local = localState(of: file)
        if let remoteFile, local == .edited || local == .unchanged {
            file = try await settleStar(of: file, remoteFile)
            if file.fileID == nil, let fileID = remoteFile.fileID {
                file.fileID = fileID
                try store.record(file)
            }
        }
        if local == .edited, let body = try store.note(id: file.noteID)?.body, TextFingerprint.of(body) == file.syncedHash {
            file.syncedRevision = notes[file.noteID]?.revision ?? file.syncedRevision
            try store.record(file)
            local = .unchanged  // saved again with the same text
        }
        guard let remoteFile else {
            switch local {
            case .gone, .trashed: try store.forgetSyncedFile(of: file.noteID)
            case .unchanged:
                vanished[file.noteID] = file  // to the trash, unless renamed
            case .edited:
                // Changed here, gone there: the edit wins, as a new file of the same name.
                file.etag = nil
                try await send(file, expecting: .absent)
            }
            return nil
        }
        var serverText: (text: String, etag: String?)?
        if !SyncRun.sameVersion(remoteFile.version, file.etag) {
            await advance()
            guard let (text, version) = try await readText(of: remoteFile) else { return nil }
            let hash = TextFingerprint.of(text)
            let body = try store.note(id: file.noteID)?.body
            var resend = false
            if hash == file.syncedHash {
                file.etag = version  // the same text: only the tag moved
            } else if hash == file.sentHash {
                file.etag = version  // a write whose answer was lost went through
                file.syncedHash = hash
                file.syncedRevision = -1
            } else if let body, !body.isEmpty, text.isEmpty || (file.syncedHash.isEmpty && body.hasPrefix(text)) {
                // An emptied file, or this note's own first write cut short (a
                // server stopped mid-request leaves one): never taken over the
                // note's text, which is sent again over it.
                file.etag = version
                file.syncedHash = hash  // what the server holds, to be replaced
                resend = true
            } else if file.syncedHash.isEmpty && file.sentHash != nil {
                // Never written by this note: someone else's file took its name.
                try store.forgetSyncedFile(of: file.noteID)
                try await takeIn([remoteFile])
                return nil
            } else {
                serverText = (text, version)
            }
            file.sentHash = nil
            try store.record(file)
            if resend, local != .trashed, local != .gone {
                local = .edited
            } else if local == .edited, serverText == nil, body.map(TextFingerprint.of) == file.syncedHash {
                local = .unchanged  // the write that went through was this very text
                file.syncedRevision = notes[file.noteID]?.revision ?? -1
                try store.record(file)
            }
        }
        switch (local, serverText) {
        case (.unchanged, nil):
            if notes[file.noteID].map({ $0.category != file.category }) == true {
                // Filed in another category here: its file moves to that folder.
                try await send(file, expecting: .holding(version: file.etag, hash: file.syncedHash))
            }
            return nil
        case (.edited, nil):
            try await send(file, expecting: .holding(version: file.etag, hash: file.syncedHash))
            return nil
        case let (.unchanged, .some(server)), let (.trashed, .some(server)):
            try receive(server.text, etag: server.etag, into: file)
            return nil
        case let (.gone, .some(server)):
            try store.forgetSyncedFile(of: file.noteID)
            var recreated = file
            recreated.noteID = UUID()
            try store.createSyncedNote(body: server.text, modifiedAt: Date(), file: synced(recreated, text: server.text, etag: server.etag))
            report.received += 1
            return nil
        case let (.edited, .some(server)):
            return try await resolveConflict(file, server: server)
        case (.trashed, nil), (.gone, nil):
            await advance()
            guard try await folder.remove(file.fileName, version: file.etag, hash: file.syncedHash) else {
                report.postponed.append(PostponedFile(file.fileName, refusal))
                return nil  // the next sync takes the change in
            }
            try store.forgetSyncedFile(of: file.noteID)
            report.removed += 1
            return nil
        }
    }

    /// `file` as synced with `text` at `etag` (its revision set by the store's write).
    private func synced(_ file: SyncedNoteFile, text: String, etag: String?) -> SyncedNoteFile {
        var synced = file
        synced.etag = etag
        synced.syncedHash = TextFingerprint.of(text)
        synced.sentHash = nil
        synced.titleBase = titleBase(of: text)
        return synced
    }

    /// Saves the server's `text` as the note's (taking it out of the trash).
    private func receive(_ text: String, etag: String?, into file: SyncedNoteFile) throws {
        guard let revision = try store.revision(of: file.noteID) else { return }
        if try store.saveSyncedBody(text, of: file.noteID, over: revision, file: synced(file, text: text, etag: etag)) {
            report.received += 1
        } else {
            report.postponed.append(PostponedFile(file.fileName, .editedWhileReceived))
        }
    }

    /// Both sides changed: the note keeps its text (sent over the server's
    /// version), and the server's version becomes a new note beside it,
    /// unless the two are the same text.
    private func resolveConflict(_ file: SyncedNoteFile, server: (text: String, etag: String?)) async throws -> UUID? {
        guard let note = try store.note(id: file.noteID) else { return nil }
        var file = file
        if note.body == server.text {
            file = synced(file, text: server.text, etag: server.etag)
            file.syncedRevision = note.revision
            try store.record(file)
            return nil
        }
        file.etag = server.etag
        file.syncedHash = TextFingerprint.of(server.text)
        let copy = try store.createConflictCopy(body: conflictCopy(of: server.text), at: Date(), recording: file)
        notes[copy.id] = SyncCandidate(id: copy.id, revision: copy.revision, isInTrash: false)
        report.conflicts += 1
        try await send(file, expecting: .holding(version: server.etag, hash: file.syncedHash))
        return copy.id
    }

    /// The server's version of a note in conflict, its title line marked
    /// with `conflictTitle`; the rest of the text as it was.
    func conflictCopy(of text: String) -> String {
        let title = Note.title(ofBody: text)
        let marked = conflictTitle(title.isEmpty ? untitled : title, Date())
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard let index = lines.firstIndex(where: { !$0.allSatisfy(\.isWhitespace) }) else { return marked + "\n" + text }
        let line = lines[index]
        let marks = line.prefix { "#> \t".contains($0) }
        lines[index] = Substring(String(marks) + marked)
        return lines.joined(separator: "\n")
    }

    // MARK: Sending

    /// Sends the note's text as `file`, renaming the file first if its title
    /// now gives another name, if the server holds what `expected` says.
    /// Returns false if the server held something else (or another device
    /// was writing the file), leaving `file` as it was.
    @discardableResult
    private func send(_ file: SyncedNoteFile, expecting expected: GuardedFolder.Expectation) async throws -> Bool {
        guard let note = try store.note(id: file.noteID) else { return false }
        await advance()
        let base = titleBase(of: note.body)
        let hash = TextFingerprint.of(note.body)
        var target = file
        var expected = expected
        var moved = false
        if base != file.titleBase || note.category != file.category, case let .holding(version, syncedHash) = expected,
            let name = newName(of: file, forTitle: base, in: note.category)
        {
            let moving: SyncedNoteFile?
            do {
                moving = try await move(file, to: name, title: base, at: version, holding: syncedHash, sending: hash)
            } catch let error as WebDAVError where SyncRun.refusesOneFile(error) {
                // `move` left the file on record as it was.
                report.postponed.append(PostponedFile(file.fileName, .refused(error)))
                return false
            }
            guard let renamed = moving else {
                report.postponed.append(PostponedFile(file.fileName, refusal))
                return false
            }
            target = renamed
            expected = .holding(version: renamed.etag, hash: syncedHash)
            moved = true
            if hash == syncedHash {
                // Only its name or folder changed: the text there is already this.
                target.sentHash = nil
                target.syncedRevision = note.revision
                try store.record(target)
                report.sent += 1
                return true
            }
        } else {
            target.sentHash = hash
            try store.record(target)
        }
        let written: String?
        let writing = await outcome { () async throws(WebDAVError) in
            try await self.write(Data(note.body.utf8), to: target.fileName, expecting: expected)
        }
        switch writing {
        case let .success(.some(etag)):
            written = etag
        case .success(.none):
            // Changed there meanwhile: the next sync sees it. A moved file
            // stays on record under its new name, holding the old text.
            if !moved { try store.record(file) }
            report.postponed.append(PostponedFile(target.fileName, refusal))
            return false
        case let .failure(error) where SyncRun.refusesOneFile(error):
            // Refused (a file read-only there, a name the server forbids): the edit stays here.
            if !moved { try store.record(file) }
            report.postponed.append(PostponedFile(target.fileName, .refused(error)))
            return false
        case let .failure(error):
            throw error
        }
        target.etag = written
        target.syncedHash = hash
        target.sentHash = nil
        target.syncedRevision = note.revision
        target.titleBase = base
        try store.record(target)
        report.sent += 1
        return true
    }

    /// What `work` gave, or the error it threw.
    private func outcome<Value>(of work: () async throws(WebDAVError) -> Value) async -> Result<Value, WebDAVError> {
        do throws(WebDAVError) {
            return .success(try await work())
        } catch {
            return .failure(error)
        }
    }

    /// Writes `data` as the file `name` if the server holds what `expected`
    /// says (making its folder first for a new file): as `GuardedFolder.write`.
    private func write(_ data: Data, to name: String, expecting expected: GuardedFolder.Expectation) async throws(WebDAVError)
        -> String??
    {
        if case .absent = expected { try await makeFolder(of: name) }
        return try await folder.write(data, to: name, expecting: expected)
    }

    /// The name the note's `file` takes for its title `base` in `category`,
    /// its own name left out of those taken (its first line may now give the
    /// name a file taken in had, whatever its text was); nil if that is the
    /// name it has, in any case: names are compared as macOS and Windows
    /// compare them, and a server on such a disk would refuse a move onto
    /// the file itself. A file keeps its suffix (a .txt stays one), as the
    /// Notes apps keep it.
    private func newName(of file: SyncedNoteFile, forTitle base: String, in category: String) -> String? {
        let suffix = file.fileName.lastIndex(of: ".").map { String(file.fileName[$0...]) } ?? newFileSuffix
        let name = newFileName(base, in: category, suffix: suffix, freeing: file.fileName)
        return name.lowercased() == file.fileName.lowercased() ? nil : name
    }

    /// Renames the note's file to `name`, after its new title `base` (`MOVE`: another
    /// Quire listing the folder meanwhile sees the file under one name or the
    /// other, never both, where a write of the new name and a removal of the
    /// old left a moment with two), if it still holds the text of `syncedHash`
    /// at `version`. Returns the file under its new name, still holding the
    /// old text, with the text of `hash` on its way; nil, leaving `file` as it
    /// was, if the file changed there or the new name was taken meanwhile.
    /// Throws, leaving `file` as it was, if the server refused the move; if no
    /// answer came, the rename stays begun, and the next sync finds which name holds it.
    private func move(
        _ file: SyncedNoteFile, to name: String, title base: String, at version: String?, holding syncedHash: String,
        sending hash: String
    ) async throws -> SyncedNoteFile? {
        var renamed = file
        renamed.fileName = name
        renamed.etag = nil
        renamed.titleBase = base
        renamed.sentHash = hash
        // On record before the request: a sync cut short anywhere from here
        // finds the old name gone or still there (a stale file to remove), and
        // the new one absent, holding the old text, or holding the new.
        try store.beginRename(to: renamed, from: file)
        let moved: String??
        do {
            try await makeFolder(of: renamed.fileName)
            moved = try await folder.move(file.fileName, to: renamed.fileName, version: version, hash: syncedHash)
        } catch .notFound {
            moved = nil  // removed or renamed there since the listing: the next sync sees how
        } catch {
            if error.leftServerUnchanged {
                // Refused (a server failing its writes): the file keeps its name, and the next sync renames it.
                try store.record(file)
                try store.forgetStaleFile(file.fileName)
            }
            throw error
        }
        guard let newVersion = moved else {
            try store.record(file)
            try store.forgetStaleFile(file.fileName)
            return nil
        }
        renamed.etag = newVersion
        try store.record(renamed)
        try store.forgetStaleFile(file.fileName)
        await removeFolderIfLeftEmpty(file.category)
        return renamed
    }

    /// Makes the folder of the file `path` on the server, and those above it,
    /// unless the listing or this sync showed it there.
    private func makeFolder(of path: String) async throws(WebDAVError) {
        let folder = NoteCategory.folder(of: path)
        guard !folder.isEmpty, !knownFolders.contains(Array(folder.utf8)) else { return }
        try await remote.createFolder(folder)
        knownFolders.formUnion(NoteCategory.lineage(of: folder).map { Array($0.utf8) })
    }

    /// Removes the folder `category` a move took this sync's file out of, if
    /// it now holds nothing at all (and so on up); a folder holding anything,
    /// notes or not, stays. A failure leaves it: an empty folder harms nothing.
    private func removeFolderIfLeftEmpty(_ category: String) async {
        var path = category
        while !path.isEmpty, notes.values.allSatisfy({ !NoteCategory.path($0.category, isWithin: path) }),
              (try? await remote.removeFolderIfEmpty(path)) == true {
            knownFolders.remove(Array(path.utf8))
            path = NoteCategory.folder(of: path)
        }
    }

    /// Brings the note's pin and its file's star (Nextcloud's favourite) in
    /// step: a star set or taken away on the server since they last agreed
    /// pins or unpins the note; a pin changed here stars the file or takes its
    /// star away (on a server that keeps no star, the pin stays here).
    private func settleStar(of file: SyncedNoteFile, _ remoteFile: RemoteFile) async throws -> SyncedNoteFile {
        guard let note = notes[file.noteID] else { return file }
        var file = file
        let agreed = file.syncedFavorite ?? false
        if let starred = remoteFile.favorite, starred != agreed, note.isPinned == agreed {
            try store.setPinned(starred, of: file.noteID, origin: .elsewhere)
            notes[file.noteID]?.isPinned = starred
        } else if note.isPinned != agreed || (file.syncedFavorite == nil && note.isPinned) {
            _ = try await remote.setFavorite(note.isPinned, of: file.fileName)
        } else if file.syncedFavorite != nil || remoteFile.favorite == nil {
            return file
        }
        file.syncedFavorite = notes[file.noteID]?.isPinned ?? note.isPinned
        try store.record(file)
        return file
    }

    /// Sends notes that have no file yet, a few at a time (libsoup keeps four
    /// connections to a server): one after another, each waiting for its
    /// answer, a first sync sent 10,000 notes in 1.4 times what curl took.
    ///
    /// They go in batches. A batch's notes go on record as on their way (each
    /// with the name it takes and what it sends) before the first of them is
    /// sent, in one transaction with the records of what the batch before it
    /// sent. A sync cut short leaves each note sent, on its way, or not begun:
    /// the next sync finds out whether one on its way got there, as after an
    /// answer that never came. A transaction for each record, two for each
    /// note, wrote each note's few pages to SQLite's log twice, 300 MB for
    /// a first sync of 10,000 notes, all of it on the main thread; the
    /// notes are now read, and their records written, on a thread of their
    /// own (`SyncSendingStore`).
    private func sendNew(_ ids: [UUID]) async throws {
        var pending = PendingSyncRecords()
        do {
            for start in stride(from: 0, to: ids.count, by: SyncRun.batchSize) {
                let batch = try await outgoing(Array(ids[start..<min(start + SyncRun.batchSize, ids.count)]))
                try await sending.record(batch.map(\.file) + pending.sent, forgetting: pending.forgotten)
                pending = PendingSyncRecords()
                try await send(batch, noting: &pending)
            }
        } catch {
            try? await sending.record(pending.sent, forgetting: pending.forgotten)  // what did go, kept
            throw error
        }
        try await sending.record(pending.sent, forgetting: pending.forgotten)
    }

    /// How many new notes are sent at once.
    private static let sendsAtOnce = 4
    /// How many new notes go on record together.
    private static let batchSize = 64

    /// The notes of `ids` to send (not paired with a file this sync, not in
    /// the trash), each with a new name made from its title.
    private func outgoing(_ ids: [UUID]) async throws -> [OutgoingNote] {
        try await sending.notesToSend(ids.filter { !paired.contains($0) }).map { note, hash in
            let base = titleBase(of: note.body)
            let file = SyncedNoteFile(
                noteID: note.id, fileName: newFileName(base, in: note.category), etag: nil,
                syncedRevision: -1, syncedHash: "", sentHash: hash, titleBase: base)
            return OutgoingNote(file: file, data: Data(note.body.utf8), revision: note.revision)
        }
    }

    /// Why the folder's last refused write was refused: another device's
    /// lock on the file, or the file not as last seen.
    private var refusal: PostponedFile.Reason { folder.lastRefusalWasLock ? .beingWritten : .changedMeanwhile }

    /// A file's path in the folder of `category` made from `base` (with the
    /// suffix of new files), that no file or note uses yet, from now on taken.
    /// The name `own` counts as free: the file renamed may keep it (and
    /// still holds it otherwise).
    private func newFileName(_ base: String, in category: String, suffix: String? = nil, freeing own: String? = nil) -> String {
        var taken = takenNames ?? Set(namesInUse.map { $0.lowercased() })
        takenNames = nil  // the set's only owner is `taken` while a name is added: added in place
        defer { takenNames = taken }
        let path = category.isEmpty ? base : category + "/" + base
        if let own { taken.remove(own.lowercased()) }
        defer { if let own { taken.insert(own.lowercased()) } }
        return NoteFileName.unique(path, extension: String((suffix ?? newFileSuffix).drop { $0 == "." }), taken: &taken)
    }

    /// Sends `batch`, `sendsAtOnce` at a time, noting in `pending` what the
    /// server took and which names were taken meanwhile. A note whose file
    /// the server refused is left for the next sync, the rest sent: one
    /// note's trouble stays with that note.
    private func send(_ batch: [OutgoingNote], noting pending: inout PendingSyncRecords) async throws {
        try await withThrowingTaskGroup(of: (OutgoingNote, Result<String??, WebDAVError>).self) { group in
            var waiting = batch.makeIterator()
            func sendNext() {
                guard let note = waiting.next() else { return }
                group.addTask { (note, await self.outcome { () async throws(WebDAVError) in try await self.write(note) }) }
            }
            for _ in 0..<SyncRun.sendsAtOnce { sendNext() }
            while let (note, outcome) = try await group.next() {
                switch outcome {
                case let .success(.some(etag)):
                    pending.sent.append(note.sent(etag: etag))
                    report.sent += 1
                case .success(.none):
                    pending.forgotten.append(note.file.noteID)  // a new name next time
                    report.postponed.append(PostponedFile(note.file.fileName, refusal))
                case let .failure(error) where SyncRun.refusesOneFile(error):
                    pending.forgotten.append(note.file.noteID)
                    report.postponed.append(PostponedFile(note.file.fileName, .refused(error)))
                case let .failure(error):
                    throw error
                }
                sendNext()
            }
        }
    }

    /// Whether the server's answer to a write or a rename refuses that file
    /// alone (its name, its place, its permissions) and not every file: a name
    /// it will not store (Nextcloud answers 400 to a name it forbids, Apache
    /// 403 and rclone 405 to one too long for its disk), a folder missing
    /// (409), a file or folder shared read-only (403). Where every file is
    /// refused, every note written says so.
    private nonisolated static func refusesOneFile(_ error: WebDAVError) -> Bool {
        switch error {
        case .forbidden, .notFound: true
        case let .server(status, _): status == 400 || status == 405 || status == 414
        default: false
        }
    }

    /// Writes a new note's file, if no file has its name: the file's entity
    /// tag (nil if the server gave none), or nil if the name was taken.
    private func write(_ note: OutgoingNote) async throws(WebDAVError) -> String?? {
        await advance()
        return try await write(note.data, to: note.file.fileName, expecting: .absent)
    }

    // MARK: Taking in

    /// Makes notes of files no note has: new on the server, or put there by
    /// another app. A file holding the text of a note that has no file (the
    /// same notes in a folder synced before, or a note trashed here whose file
    /// came back) becomes that note's file instead, out of the trash. An
    /// empty file another client holds a lock on is one it is writing (its
    /// lock made the file; a sync cut short leaves it until the lock ends or
    /// its owner removes it): it waits for a later sync.
    private func takeIn(_ files: [RemoteFile]) async throws {
        guard !files.isEmpty else { return }
        var unsynced = try unsyncedNotesByText()
        var starred: [UUID] = []  // notes made of starred files: pinned once made
        var taken: [RemoteFile] = []
        for file in files {
            if let size = file.size, size > NoteSynchronizer.largestNote {
                report.postponed.append(PostponedFile(file.name, .tooLarge(limit: NoteSynchronizer.largestNote)))
            } else {
                taken.append(file)
            }
        }
        let reading = ReadAhead(taken, from: remote, atMost: NoteSynchronizer.largestNote)
        while let (remoteFile, read) = await reading.nextFile() {
            await advance()
            guard let (data, etag) = try keptForLater(remoteFile, read) else { continue }
            if data.isEmpty, await folder.isBeingWritten(remoteFile.name) {
                report.postponed.append(PostponedFile(remoteFile.name, .beingWritten))
                continue
            }
            guard let text = String(data: data, encoding: .utf8) else {
                report.postponed.append(PostponedFile(remoteFile.name, .notText))
                continue
            }
            let file = synced(
                SyncedNoteFile(
                    noteID: UUID(), fileName: remoteFile.name, etag: nil, syncedRevision: -1, syncedHash: "", titleBase: "",
                    fileID: remoteFile.fileID, syncedFavorite: remoteFile.favorite),
                text: text, etag: SyncRun.version(of: remoteFile, readAs: etag))
            if !vanished.isEmpty || unsynced[text] != nil {
                // What follows writes through the main connection: not while the writer writes.
                try await intake.finish()
            }
            if let renamed = try renamedNote(now: remoteFile, holding: text) {
                vanished[renamed.noteID] = nil
                var moved = file
                moved.noteID = renamed.noteID
                moved.syncedFavorite = renamed.syncedFavorite
                try receive(text, etag: moved.etag, into: moved)
                continue
            }
            if let (id, revision) = unsynced.removeValue(forKey: text) {
                var paired = file
                paired.noteID = id
                paired.syncedRevision = revision
                try store.record(paired)
                if try store.isInTrash(id) {
                    try store.restoreFromTrash(id)
                    report.received += 1
                }
                self.paired.insert(id)
                continue
            }
            try await intake.create(body: text, modifiedAt: remoteFile.modified ?? Date(), file: file)
            if remoteFile.favorite == true { starred.append(file.noteID) }
            report.received += 1
        }
        try await intake.finish()
        for id in starred { try store.setPinned(true, of: id, origin: .elsewhere) }
    }

    /// The text of `remoteFile` and its version, read from the server; nil,
    /// noting why, if this file alone could not be read or taken.
    private func readText(of remoteFile: RemoteFile) async throws -> (text: String, version: String?)? {
        if let size = remoteFile.size, size > NoteSynchronizer.largestNote {
            report.postponed.append(PostponedFile(remoteFile.name, .tooLarge(limit: NoteSynchronizer.largestNote)))
            return nil
        }
        let read: Result<ReadAhead.Content, WebDAVError>
        do {
            read = .success(try await remote.read(remoteFile.name, atMost: NoteSynchronizer.largestNote, expectedSize: remoteFile.size))
        } catch {
            read = .failure(error)
        }
        guard let (data, etag) = try keptForLater(remoteFile, read) else { return nil }
        guard let text = String(data: data, encoding: .utf8) else {
            report.postponed.append(PostponedFile(remoteFile.name, .notText))
            return nil
        }
        return (text, SyncRun.version(of: remoteFile, readAs: etag))
    }

    /// What reading `remoteFile` gave, or nil, noting why, if the trouble was
    /// the file's alone (forbidden, gone since the listing, failed, too large,
    /// too slow): the rest of the sync goes on. Trouble with the server or
    /// the connection is thrown, stopping the sync.
    private func keptForLater(_ remoteFile: RemoteFile, _ read: Result<ReadAhead.Content, WebDAVError>) throws -> ReadAhead.Content? {
        switch read {
        case let .success(content): return content
        case let .failure(.tooLarge(limit)):
            report.postponed.append(PostponedFile(remoteFile.name, .tooLarge(limit: limit)))
            return nil
        case let .failure(error) where SyncRun.isTheFileAlone(error):
            report.postponed.append(PostponedFile(remoteFile.name, .unreadable(error)))
            return nil
        case let .failure(error): throw error
        }
    }

    /// Whether `error`, met reading one file, is that file's trouble alone.
    nonisolated static func isTheFileAlone(_ error: WebDAVError) -> Bool {
        switch error {
        case .forbidden, .notFound, .timedOut, .tooLarge, .locked: true
        case let .server(status, _): status != 502 && status != 503 && status != 504
        default: false
        }
    }

    /// The version to record for `remoteFile` read with the tag `etag`: the
    /// tag, where the server's listings give tags (a listing and a read of the
    /// same version give the same one); the listing's version where they do
    /// not, since the next listing is compared with it.
    nonisolated static func version(of remoteFile: RemoteFile, readAs etag: String?) -> String? {
        remoteFile.etag != nil ? (etag ?? remoteFile.version) : remoteFile.version
    }

    /// The note whose file left the server and that `remoteFile`, holding
    /// `text`, now is: renamed, as the server shows. Its listing names the
    /// old file (the mark another Quire leaves when it renames one), or it is
    /// the same version under another name (a rename keeps a file's tag, or
    /// its size and date), or it holds exactly the note's text. A file that
    /// only looks alike (the same text but for its first line: one
    /// checklist's copy for another day) is a new note, and the one whose
    /// file left goes to the trash.
    private func renamedNote(now remoteFile: RemoteFile, holding text: String) throws -> SyncedNoteFile? {
        guard !vanished.isEmpty else { return nil }
        let candidates = vanished.values.sorted { $0.fileName < $1.fileName }
        // By its bytes, as the plan pairs files ("Café" composed or decomposed).
        if let from = remoteFile.renamedFrom, let file = candidates.first(where: { $0.fileName.utf8.elementsEqual(from.utf8) }) {
            return file
        }
        if let fileID = remoteFile.fileID, let file = candidates.first(where: { $0.fileID == fileID }) { return file }
        if let version = remoteFile.version, let file = candidates.first(where: { SyncRun.sameVersion($0.etag, version) }) {
            return file
        }
        let hash = TextFingerprint.of(text)
        for file in candidates where file.syncedHash == hash {
            if try store.note(id: file.noteID)?.body == text { return file }
        }
        return nil
    }

    /// The notes that have no file, by their text: those outside the trash
    /// before those in it.
    private func unsyncedNotesByText() throws -> [String: (UUID, Int64)] {
        let syncedIDs = Set(try store.syncedFiles().map(\.noteID))
        var byText: [String: (UUID, Int64)] = [:]
        let unsynced = notes.values.filter { !syncedIDs.contains($0.id) }.sorted { !$0.isInTrash && $1.isInTrash }
        for candidate in unsynced.reversed() {
            if let note = try store.note(id: candidate.id) { byText[note.body] = (note.id, note.revision) }
        }
        return byText
    }

    /// Removes a renamed note's old file, if no one changed it since;
    /// if someone did, it becomes a note of its own. A file locked (by a
    /// sync cut short in its rename, say) stays on record for the next sync:
    /// a lock is no change. Nor is a new version of the same text (nginx
    /// gives a locked file a new date, its only version): what the server
    /// holds decides, as the removal checks it.
    private func removeStale(_ entry: SyncLocalState.StaleFile, _ remoteFile: RemoteFile) async throws {
        if try await folder.remove(entry.name, version: entry.etag, hash: entry.hash) {
            try store.forgetStaleFile(entry.name)
            return
        }
        if folder.lastRefusalWasLock {
            report.postponed.append(PostponedFile(entry.name, .beingWritten))
            return
        }
        try store.forgetStaleFile(entry.name)
        try await takeIn([remoteFile])
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

    /// The base of the name a note's file takes, as Nextcloud's Notes app makes it.
    private func titleBase(of text: String) -> String {
        NoteFileName.nextcloudBase(for: Note.title(ofBody: text), fallback: untitled)
    }
}
