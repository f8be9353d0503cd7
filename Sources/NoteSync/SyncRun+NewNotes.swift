import FoundationEssentials
import NoteModel
import WebDAV

/// Notes with no file yet, named and sent in batches.
extension SyncRun {
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
    func sendNew(_ ids: [UUID]) async throws {
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

    /// Sends `batch`, `sendsAtOnce` at a time, noting in `pending` what the
    /// server took and which names were taken meanwhile. A note whose file
    /// the server refused is left for the next sync, the rest sent: one
    /// note's trouble stays with that note.
    func send(_ batch: [OutgoingNote], noting pending: inout PendingSyncRecords) async throws {
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

    /// Writes a new note's file, if no file has its name: the file's entity
    /// tag (nil if the server gave none), or nil if the name was taken.
    private func write(_ note: OutgoingNote) async throws(WebDAVError) -> String?? {
        await advance()
        return try await write(note.data, to: note.file.fileName, expecting: .absent)
    }
}
