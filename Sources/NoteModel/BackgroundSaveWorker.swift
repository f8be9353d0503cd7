import FoundationEssentials
import Storage
import Synchronization

/// The thread side of `BackgroundNoteSaver`: a thread of its own and the store
/// connection only it uses, and the finished saves, other changes and reads
/// waiting to be handed back.
///
/// Sendable by confinement: `store` is touched only on `thread`, `finished`,
/// `finishedChanges` and `finishedReads` only while holding `lock`.
final class BackgroundSaveWorker: @unchecked Sendable {
    /// One save to make.
    struct Request: Sendable {
        let ticket: Int
        let noteID: UUID
        let body: String
        let revision: Int64
        let date: Date
        /// Run on the thread just before the save (a typing journal notes it).
        let beforeSaving: (@Sendable () -> Void)?
    }

    /// One save made (or failed), waiting to be handed back.
    struct Finished: Sendable {
        let ticket: Int
        let noteID: UUID
        let outcome: Result<NoteSaveOutcome, any Error>
        let sequences: ClosedRange<Int64>?
    }

    /// A change other than a save (a note made, trashed, pinned…) made or
    /// not, waiting to be handed back with what it returned and the change
    /// sequences it made.
    struct FinishedChange: Sendable {
        let ticket: Int
        let outcome: Result<(value: any Sendable, sequences: ClosedRange<Int64>?), any Error>
    }

    /// One note read (or not: nil if it is gone), waiting to be handed back.
    struct FinishedRead: Sendable {
        let ticket: Int
        let outcome: Result<Note?, any Error>
    }

    private let thread = WorkerThread(name: "note saves")
    private let store: NoteStore
    private let finished = Mutex<[Finished]>([])
    private let finishedReads = Mutex<[FinishedRead]>([])
    private let finishedChanges = Mutex<[FinishedChange]>([])

    init(path: String) throws {
        // Off the windows' thread, a save can wait for the disk: once it is reported done, a power cut keeps it.
        store = try NoteStore(path: path, durability: .everyCommit)
    }

    /// Makes the save on the thread, then calls `then` (on the thread).
    func save(_ request: Request, then: @escaping @Sendable () -> Void) {
        thread.async { [self] in
            let result: Finished
            request.beforeSaving?()
            do {
                let (outcome, sequences) = try store.writeBody(
                    of: request.noteID, to: request.body, over: request.revision, at: request.date)
                result = Finished(ticket: request.ticket, noteID: request.noteID, outcome: .success(outcome), sequences: sequences)
            } catch {
                result = Finished(ticket: request.ticket, noteID: request.noteID, outcome: .failure(error), sequences: nil)
            }
            finished.withLock { $0.append(result) }
            then()
        }
    }

    /// Makes a change on the thread, after the saves asked for before it:
    /// `write` makes it through the worker's store and returns what it
    /// returns and the change sequences it made. Then calls `then` (on the thread).
    func change(
        ticket: Int, _ write: @escaping @Sendable (NoteStore) throws -> (value: any Sendable, sequences: ClosedRange<Int64>?),
        then: @escaping @Sendable () -> Void
    ) {
        thread.async { [self] in
            let outcome = Result { try write(store) }
            finishedChanges.withLock { $0.append(FinishedChange(ticket: ticket, outcome: outcome)) }
            then()
        }
    }

    /// Reads the note `id` on the thread, after the saves asked for before,
    /// then calls `then` (on the thread).
    func read(_ id: UUID, ticket: Int, then: @escaping @Sendable () -> Void) {
        thread.async { [self] in
            let outcome = Result { try store.note(id: id) }
            finishedReads.withLock { $0.append(FinishedRead(ticket: ticket, outcome: outcome)) }
            then()
        }
    }

    /// Returns once every save and read asked for so far is made.
    func waitUntilIdle() {
        thread.sync {}
    }

    /// The saves made since the last call, oldest first.
    func takeFinished() -> [Finished] {
        finished.withLock { taken in
            defer { taken = [] }
            return taken
        }
    }

    /// The changes made since the last call, oldest first.
    func takeFinishedChanges() -> [FinishedChange] {
        finishedChanges.withLock { taken in
            defer { taken = [] }
            return taken
        }
    }

    /// The reads made since the last call, oldest first.
    func takeFinishedReads() -> [FinishedRead] {
        finishedReads.withLock { taken in
            defer { taken = [] }
            return taken
        }
    }

    func close() {
        thread.sync { store.close() }
    }
}
