import FoundationEssentials
import NoteModel
import Storage

/// The notes database as a sync sending new notes uses it: the notes read,
/// and their records written (`NoteStore.record(_:forgetting:)`), on a
/// thread and a connection of their own. On the main thread, they held the
/// windows whenever the disk was busy with something else: reads waited for
/// the disk, and commits for their writes to the log and for SQLite syncing
/// the log's header each time the log started over (up to 200 ms).
///
/// Sendable by confinement: `store` is opened, used and closed only on `thread`.
final class SyncSendingStore: @unchecked Sendable {
    private let thread = WorkerThread(name: "sync sending")
    private let path: String
    private var store: NoteStore?

    /// The notes database at `path`; its connection opens when first used.
    init(path: String) {
        self.path = path
    }

    /// The notes of `ids` that exist and are not in the trash, in that order,
    /// each with the `TextFingerprint` of its text.
    func notesToSend(_ ids: [UUID]) async throws -> [(note: Note, hash: String)] {
        try await onThread { store in
            try ids.compactMap { id in
                guard let note = try store.note(id: id), try !store.isInTrash(id) else { return nil }
                return (note, TextFingerprint.of(note.body))
            }
        }
    }

    /// Records each of `files` and forgets what was synced of each note of
    /// `forgotten`, in one transaction; returns once they are written.
    func record(_ files: [SyncedNoteFile], forgetting forgotten: [UUID]) async throws {
        guard !files.isEmpty || !forgotten.isEmpty else { return }
        try await onThread { try $0.record(files, forgetting: forgotten) }
    }

    /// Closes the connection, once the work under way is done.
    func close() {
        thread.sync {
            store?.close()
            store = nil
        }
    }

    private func onThread<Value: Sendable>(_ work: @escaping @Sendable (NoteStore) throws -> Value) async throws -> Value {
        try await withCheckedThrowingContinuation { continuation in
            thread.async { [self] in
                continuation.resume(with: Result {
                    let store = try store ?? NoteStore(path: path)
                    self.store = store
                    return try work(store)
                })
            }
        }
    }
}
