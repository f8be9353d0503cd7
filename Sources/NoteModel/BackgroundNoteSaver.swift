import Dispatch
public import FoundationEssentials

/// Saves note bodies on a thread of its own, through a connection of its own
/// to the store's file, so that saving a long note (writing a megabyte and
/// indexing it for search) never holds up the windows; reads long notes
/// there, for the same reason; moves notes to the trash and back, pins them
/// and deletes them for good there (SQLite writes a row whole: 20 MB again
/// for a pin of a long note); and makes the notes a sync takes in, whose search indexing now and then
/// merges its segments for 20 ms and more.
///
/// It makes exactly the write the store's own method makes
/// (`NoteStore.saveBody(of:to:over:)`, `moveToTrash`…), and hands the
/// outcome back on the main thread, where the store adopts the write as its
/// own: its observers hear of it with the caller's origin, and
/// `followOtherWriters()` does not report it as someone else's. Writes run
/// one at a time, in the order asked. `finishPending()` waits for them and
/// hands their outcomes back at once, for a caller that must know everything
/// is written (closing, quitting) or is about to act on the note in some
/// other way. Reads are handed back after the writes asked for before them.
@MainActor
public final class BackgroundNoteSaver {
    private let store: NoteStore
    private let worker: BackgroundSaveWorker
    private var waiting: [Int: (origin: NoteChangeOrigin?, completion: (Result<NoteSaveOutcome, any Error>) -> Void)] = [:]
    private var reads: [Int: (Result<Note?, any Error>) -> Void] = [:]
    /// What hands back each change under way: adopts it and calls its completion.
    private var changes: [Int: (Result<(value: any Sendable, sequences: ClosedRange<Int64>?), any Error>) -> Void] = [:]
    private var nextTicket = 0

    /// A saver for `store`'s notes; opens a second connection to its file.
    public init(store: NoteStore) throws {
        self.store = store
        worker = try BackgroundSaveWorker(path: store.path)
    }

    /// Whether saves or reads are under way or their outcomes not handed back yet.
    public var isBusy: Bool { !waiting.isEmpty || !reads.isEmpty || !changes.isEmpty }

    /// Saves `body` over `revision`, as `NoteStore.saveBody` does, on the saver's
    /// thread, after `beforeSaving` (there too); `completion` runs on the main
    /// thread with the outcome or the error.
    public func saveBody(
        of id: UUID, to body: String, over revision: Int64, origin: NoteChangeOrigin?,
        beforeSaving: (@Sendable () -> Void)? = nil, completion: @escaping (Result<NoteSaveOutcome, any Error>) -> Void
    ) {
        let ticket = takeTicket()
        waiting[ticket] = (origin, completion)
        let request = BackgroundSaveWorker.Request(
            ticket: ticket, noteID: id, body: body, revision: revision, date: Date(), beforeSaving: beforeSaving)
        worker.save(request, then: handBackOnMainThread)
    }

    /// Makes a note of a file taken from the sync folder, as
    /// `NoteStore.createSyncedNote` does (`file.noteID` is the new note's), on
    /// the saver's thread; waits longer than a save for another writer, as
    /// nothing waits for it. `completion` runs on the main thread, after the
    /// store's observers heard of the new note.
    public func createSyncedNote(
        body: String, modifiedAt: Date, file: SyncedNoteFile, completion: @escaping (Result<Void, any Error>) -> Void
    ) {
        change(heardAs: { _ in [.created(file.noteID)] }, origin: nil, completion: completion) { store in
            ((), try store.writeSyncedNote(body: body, modifiedAt: modifiedAt, file: file))
        }
    }

    /// Moves the note `id` to the trash, as `NoteStore.moveToTrash` does, on
    /// the saver's thread after the saves asked for before; waits as long for
    /// another writer as the store's `waitingLonger` (a person asked for it).
    /// `completion` runs on the main thread, after the store's observers
    /// heard of it. The same holds for the other changes below.
    public func moveToTrash(_ id: UUID, origin: NoteChangeOrigin? = nil, completion: @escaping (Result<Void, any Error>) -> Void) {
        let date = Date()
        change(heardAs: { _ in [.movedToTrash(id)] }, origin: origin, completion: completion) { store in
            ((), try store.waitingLonger { try store.writeTrashing(id, at: date) })
        }
    }

    /// Takes the note `id` out of the trash, as `NoteStore.restoreFromTrash` does.
    public func restoreFromTrash(_ id: UUID, origin: NoteChangeOrigin? = nil, completion: @escaping (Result<Void, any Error>) -> Void) {
        change(heardAs: { _ in [.restoredFromTrash(id)] }, origin: origin, completion: completion) { store in
            ((), try store.waitingLonger { try store.writeRestoring(id) })
        }
    }

    /// Pins the note `id`, or unpins it, as `NoteStore.setPinned` does.
    public func setPinned(
        _ pinned: Bool, of id: UUID, origin: NoteChangeOrigin? = nil, completion: @escaping (Result<Void, any Error>) -> Void
    ) {
        change(heardAs: { _ in [.pinChanged(id)] }, origin: origin, completion: completion) { store in
            ((), try store.waitingLonger { try store.writePinning(pinned, of: id) })
        }
    }

    /// Deletes the note `id`, in the trash, for good, as
    /// `NoteStore.deletePermanently` does; `completion` gets it as it was.
    public func deletePermanently(
        _ id: UUID, origin: NoteChangeOrigin? = nil, completion: @escaping (Result<DeletedNote, any Error>) -> Void
    ) {
        change(heardAs: { _ in [.deletedPermanently(id)] }, origin: origin, completion: completion) { store in
            try store.waitingLonger { try store.writeDeletion(id) }
        }
    }

    /// Puts a note deleted for good back in the trash, as `NoteStore.putBack` does.
    public func putBack(_ deleted: DeletedNote, origin: NoteChangeOrigin? = nil, completion: @escaping (Result<Void, any Error>) -> Void) {
        change(heardAs: { _ in [.movedToTrash(deleted.note.id)] }, origin: origin, completion: completion) { store in
            ((), try store.waitingLonger { try store.writePutBack(deleted) })
        }
    }

    /// Deletes every note in the trash for good, as `NoteStore.emptyTrash`
    /// does; `completion` gets the notes deleted.
    public func emptyTrash(origin: NoteChangeOrigin? = nil, completion: @escaping (Result<[UUID], any Error>) -> Void) {
        change(heardAs: { $0.map(NoteChange.deletedPermanently) }, origin: origin, completion: completion) { store in
            try store.waitingLonger { try store.writeEmptying() }
        }
    }

    /// Makes `write` on the saver's thread; once made, the store adopts the
    /// changes `heardAs` names for what it returned, and `completion` runs,
    /// on the main thread.
    private func change<Value: Sendable>(
        heardAs changes: @escaping (Value) -> [NoteChange], origin: NoteChangeOrigin?,
        completion: @escaping (Result<Value, any Error>) -> Void,
        write: @escaping @Sendable (NoteStore) throws -> (Value, ClosedRange<Int64>?)
    ) {
        let ticket = takeTicket()
        self.changes[ticket] = { [store] outcome in
            switch outcome {
            case let .success((value as Value, sequences)):
                store.adopt(changes(value), sequences: sequences, origin: origin)
                completion(.success(value))
            case .success:
                preconditionFailure("a change handed back something other than it made")
            case let .failure(error):
                completion(.failure(error))
            }
        }
        worker.change(ticket: ticket, { store in
            let (value, sequences) = try write(store)
            return (value, sequences)
        }, then: handBackOnMainThread)
    }

    /// Reads the note `id` (in the trash or not) on the saver's thread, as
    /// `NoteStore.note(id:)` does; `completion` runs on the main thread with
    /// the note, nil if there is none, or the error.
    public func readNote(id: UUID, completion: @escaping (Result<Note?, any Error>) -> Void) {
        let ticket = takeTicket()
        reads[ticket] = completion
        worker.read(id, ticket: ticket, then: handBackOnMainThread)
    }

    private func takeTicket() -> Int {
        defer { nextTicket += 1 }
        return nextTicket
    }

    /// What the worker calls when a save or read is made: the outcomes are
    /// handed back on the main thread, without anyone waiting for them.
    private var handBackOnMainThread: @Sendable () -> Void {
        { [weak self] in
            DispatchQueue.main.async {
                MainActor.assumeIsolated { self?.handBack() }
            }
        }
    }

    /// Waits for every save and read under way and hands back their outcomes now.
    public func finishPending() {
        guard isBusy else { return }
        worker.waitUntilIdle()
        handBack()
    }

    /// Finishes the saves under way and closes the saver's connection.
    public func close() {
        finishPending()
        worker.close()
    }

    private func handBack() {
        for finished in worker.takeFinished() {
            guard let (origin, completion) = waiting.removeValue(forKey: finished.ticket) else { continue }
            if case .success(.saved) = finished.outcome {
                store.adopt([.edited(finished.noteID)], sequences: finished.sequences, origin: origin)
            }
            completion(finished.outcome)
        }
        for finished in worker.takeFinishedChanges() {
            changes.removeValue(forKey: finished.ticket)?(finished.outcome)
        }
        for finished in worker.takeFinishedReads() {
            reads.removeValue(forKey: finished.ticket)?(finished.outcome)
        }
    }
}
