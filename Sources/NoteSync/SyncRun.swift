import Foundation
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
    private lazy var intake = SyncIntakeWriter(store: store)
    private lazy var sending = SyncSendingStore(path: store.path)

    init(
        store: NoteStore, remote: WebDAVClient, untitled: String, conflictTitle: @escaping (String, Date) -> String,
        progress: ((Int, Int) -> Void)?, waitForTurn: (() async -> Void)?
    ) {
        self.store = store
        self.remote = remote
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
        let listed = try await remote.list()
        let plan = await SyncPlan.make(listed: listed, local: try await reading.value)
        notes = plan.notes
        namesInUse = plan.namesInUse
        for name in plan.staleGone { try store.forgetStaleFile(name) }

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
                try await send(file, condition: .absent)
            }
            return nil
        }
        var serverText: (text: String, etag: String?)?
        if !SyncRun.sameVersion(remoteFile.etag, file.etag) {
            await advance()
            let (data, etag) = try await remote.read(file.fileName)
            guard let text = String(data: data, encoding: .utf8) else {
                report.postponed.append("\(file.fileName): not UTF-8 text")
                return nil
            }
            let hash = TextFingerprint.of(text)
            let version = etag ?? remoteFile.etag
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
            return nil
        case (.edited, nil):
            try await send(file, condition: file.etag.map { .unchanged(etag: $0) })
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
            guard try await removeIfUnchanged(file.fileName, at: file.etag, holding: file.syncedHash) else {
                report.postponed.append("\(file.fileName): changed on the server meanwhile")
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
            report.postponed.append("\(file.fileName): edited while it was received")
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
        try await send(file, condition: server.etag.map { .unchanged(etag: $0) })
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
    /// now gives another name; `condition` is what the server should hold
    /// (nil: whatever it holds, for a server without entity tags). Returns
    /// false if the server held something else, leaving `file` as it was.
    @discardableResult
    private func send(_ file: SyncedNoteFile, condition: WriteCondition?) async throws -> Bool {
        guard let note = try store.note(id: file.noteID) else { return false }
        await advance()
        var condition = condition
        if case let .unchanged(etag) = condition {
            guard let usable = try await usableTag(file.fileName, etag, holding: file.syncedHash) else {
                report.postponed.append("\(file.fileName): changed on the server meanwhile")
                return false
            }
            condition = .unchanged(etag: usable)
        }
        let base = titleBase(of: note.body)
        let hash = TextFingerprint.of(note.body)
        var target = file
        var moved = false
        if base != file.titleBase, file.etag != nil, case let .unchanged(tag) = condition {
            guard let renamed = try await move(file, toTitle: base, at: tag, sending: hash) else {
                report.postponed.append("\(file.fileName): changed on the server meanwhile")
                return false
            }
            target = renamed
            moved = true
        } else {
            target.sentHash = hash
            try store.record(target)
        }
        let data = Data(note.body.utf8)
        var written = try await SyncRun.unlessChanged { () async throws(WebDAVError) in
            try await remote.write(data, to: target.fileName, if: condition)
        }
        if written == nil, moved, let fresh = try await strongTag(of: target.fileName, holding: target.syncedHash) {
            // The server gave the moved file a tag of its own.
            written = try await SyncRun.unlessChanged { () async throws(WebDAVError) in
                try await remote.write(data, to: target.fileName, if: .unchanged(etag: fresh))
            }
        }
        guard let etag = written else {
            // Changed there meanwhile: the next sync sees it. A moved file
            // stays on record under its new name, holding the old text.
            if !moved { try store.record(file) }
            report.postponed.append("\(target.fileName): changed on the server meanwhile")
            return false
        }
        target.etag = etag
        target.syncedHash = hash
        target.sentHash = nil
        target.syncedRevision = note.revision
        target.titleBase = base
        try store.record(target)
        report.sent += 1
        return true
    }

    /// Renames the note's file after its new title `base` (`MOVE`: another
    /// Quire listing the folder meanwhile sees the file under one name or the
    /// other, never both, where a write of the new name and a removal of the
    /// old left a moment with two), if it is still the version `tag`. Returns
    /// the file under its new name, still holding the old text, with the
    /// text of `hash` on its way; nil, leaving `file` as it was, if the file
    /// changed there or the new name was taken meanwhile. Throws, leaving
    /// `file` as it was, if the server refused the move; if no answer came,
    /// the rename stays begun, and the next sync finds which name holds it.
    private func move(_ file: SyncedNoteFile, toTitle base: String, at tag: String, sending hash: String) async throws
        -> SyncedNoteFile?
    {
        var renamed = file
        renamed.fileName = newFileName(base)
        renamed.etag = nil
        renamed.titleBase = base
        renamed.sentHash = hash
        // On record before the request: a sync cut short anywhere from here
        // finds the old name gone or still there (a stale file to remove), and
        // the new one absent, holding the old text, or holding the new.
        try store.beginRename(to: renamed, from: file)
        let moved: Bool
        do {
            moved = try await SyncRun.unlessChanged { () async throws(WebDAVError) in
                try await remote.move(file.fileName, to: renamed.fileName, ifUnchanged: tag)
            } != nil
        } catch .notFound {
            moved = false  // removed or renamed there since the listing: the next sync sees how
        } catch {
            if error.leftServerUnchanged {
                // Refused (a server failing its writes): the file keeps its name, and the next sync renames it.
                try store.record(file)
                try store.forgetStaleFile(file.fileName)
            }
            throw error
        }
        guard moved else {
            try store.record(file)
            try store.forgetStaleFile(file.fileName)
            return nil
        }
        renamed.etag = tag  // what a server keeps for a moved file (Apache does)
        try store.record(renamed)
        try store.forgetStaleFile(file.fileName)
        return renamed
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
                noteID: note.id, fileName: newFileName(base), etag: nil,
                syncedRevision: -1, syncedHash: "", sentHash: hash, titleBase: base)
            return OutgoingNote(file: file, data: Data(note.body.utf8), revision: note.revision)
        }
    }

    /// A Markdown file name made from `base` that no file or note uses yet, from now on taken.
    private func newFileName(_ base: String) -> String {
        var taken = takenNames ?? Set(namesInUse.map { $0.lowercased() })
        takenNames = nil  // the set's only owner is `taken` while a name is added: added in place
        defer { takenNames = taken }
        return NoteFileName.unique(base, extension: "md", taken: &taken)
    }

    /// Sends `batch`, `sendsAtOnce` at a time, noting in `pending` what the
    /// server took and which names were taken meanwhile.
    private func send(_ batch: [OutgoingNote], noting pending: inout PendingSyncRecords) async throws {
        try await withThrowingTaskGroup(of: (OutgoingNote, String??).self) { group in
            var waiting = batch.makeIterator()
            func sendNext() {
                guard let note = waiting.next() else { return }
                group.addTask { (note, try await self.write(note)) }
            }
            for _ in 0..<SyncRun.sendsAtOnce { sendNext() }
            while let (note, written) = try await group.next() {
                if let etag = written {
                    pending.sent.append(note.sent(etag: etag))
                    report.sent += 1
                } else {
                    pending.forgotten.append(note.file.noteID)  // a new name next time
                    report.postponed.append("\(note.file.fileName): changed on the server meanwhile")
                }
                sendNext()
            }
        }
    }

    /// Writes a new note's file, if no file has its name: the file's entity
    /// tag (nil if the server gave none), or nil if the name was taken.
    private func write(_ note: OutgoingNote) async throws -> String?? {
        await advance()
        return try await SyncRun.unlessChanged { () async throws(WebDAVError) in
            try await remote.write(note.data, to: note.file.fileName, if: .absent)
        }
    }

    // MARK: Taking in

    /// Makes notes of files no note has: new on the server, or put there by
    /// another app. A file holding the text of a note that has no file (the
    /// same notes in a folder synced before, or a note trashed here whose file
    /// came back) becomes that note's file instead, out of the trash.
    private func takeIn(_ files: [RemoteFile]) async throws {
        guard !files.isEmpty else { return }
        var unsynced = try unsyncedNotesByText()
        let reading = ReadAhead(files, from: remote)
        while let (remoteFile, (data, etag)) = try await reading.nextFile() {
            await advance()
            guard let text = String(data: data, encoding: .utf8) else {
                report.postponed.append("\(remoteFile.name): not UTF-8 text")
                continue
            }
            let file = synced(
                SyncedNoteFile(noteID: UUID(), fileName: remoteFile.name, etag: nil, syncedRevision: -1, syncedHash: "", titleBase: ""),
                text: text, etag: etag ?? remoteFile.etag)
            if !vanished.isEmpty || unsynced[text] != nil {
                // What follows writes through the main connection: not while the writer writes.
                try await intake.finish()
            }
            if let renamed = try renamedNote(now: text) {
                vanished[renamed.noteID] = nil
                var moved = file
                moved.noteID = renamed.noteID
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
            report.received += 1
        }
        try await intake.finish()
    }

    /// The note whose file left the server and whose text, but for its first
    /// line, is `text`'s: its file renamed with a new title (by another
    /// Quire, or by hand).
    private func renamedNote(now text: String) throws -> SyncedNoteFile? {
        guard !vanished.isEmpty else { return nil }
        let rest = { (text: String) in text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).dropFirst().first }
        for file in vanished.values.sorted(by: { $0.fileName < $1.fileName }) {
            guard let body = try store.note(id: file.noteID)?.body else { continue }
            if body == text || (rest(body).map { !$0.isEmpty } == true && rest(body) == rest(text)) { return file }
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
    /// if someone did, it becomes a note of its own.
    private func removeStale(_ entry: (name: String, etag: String, hash: String), _ remoteFile: RemoteFile) async throws {
        if SyncRun.sameVersion(remoteFile.etag, entry.etag),
           try await removeIfUnchanged(entry.name, at: entry.etag, holding: entry.hash) {
            try store.forgetStaleFile(entry.name)
            return
        }
        try store.forgetStaleFile(entry.name)
        try await takeIn([remoteFile])
    }

    /// Whether two entity tags name the same version (weak comparison: a
    /// weak tag and the strong one it became are the same version).
    nonisolated static func sameVersion(_ first: String?, _ second: String?) -> Bool {
        guard let first, let second else { return false }
        let strong = { (tag: String) in tag.hasPrefix("W/") ? String(tag.dropFirst(2)) : tag }
        return strong(first) == strong(second)
    }

    /// A tag for `If-Match` on the file `name` known at `etag`: the tag
    /// itself if it is strong. A weak tag never matches; Apache gives one
    /// during the second a file changed, and a strong one after it: so the
    /// file is read again after that second, and its strong tag given if it
    /// still holds the text of `hash`. Nil if the file changed (or no tag is known).
    private func usableTag(_ name: String, _ etag: String?, holding hash: String) async throws -> String? {
        guard let etag else { return nil }
        guard etag.hasPrefix("W/") else { return etag }
        try await Task.sleep(for: .milliseconds(1_100))
        return try await strongTag(of: name, holding: hash)
    }

    /// The file `name`'s strong tag as the server gives it now, if it holds
    /// the text of `hash`; nil if it holds other text or its tag is weak.
    private func strongTag(of name: String, holding hash: String) async throws -> String? {
        let (data, fresh) = try await remote.read(name)
        guard let fresh, !fresh.hasPrefix("W/"), TextFingerprint.of(String(decoding: data, as: UTF8.self)) == hash
        else { return nil }
        return fresh
    }

    /// Removes the file `name` if it is still the version `etag` holding the
    /// text of `hash`; false, leaving it, if it changed or no tag is known.
    private func removeIfUnchanged(_ name: String, at etag: String?, holding hash: String) async throws -> Bool {
        guard let usable = try await usableTag(name, etag, holding: hash) else { return false }
        return try await remove(name, ifUnchanged: usable)
    }

    /// Removes the file `name` if it is still the version of the strong tag
    /// `etag`; false, leaving it, if it changed.
    private func remove(_ name: String, ifUnchanged etag: String) async throws -> Bool {
        try await SyncRun.unlessChanged({ () async throws(WebDAVError) in
            try await remote.delete(name, ifUnchanged: etag)
        }) != nil
    }

    /// What a conditional `request` gave, or nil if the server held another
    /// version than it expected (412); any other failure is thrown.
    private static func unlessChanged<Value>(
        _ request: () async throws(WebDAVError) -> Value
    ) async throws(WebDAVError) -> Value? {
        do {
            return try await request()
        } catch {
            if error == .preconditionFailed { return nil }
            throw error
        }
    }

    private func titleBase(of text: String) -> String {
        NoteFileName.base(for: Note.title(ofBody: text), fallback: untitled)
    }
}
