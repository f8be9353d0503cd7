import FoundationEssentials
import NoteModel

/// The changes a person asks for in the trash (restore, delete for good, put
/// back, empty it): made on the background saver, in order after its saves,
/// so that a long note's (SQLite writes or indexes it whole, 0.4 s for
/// 20 MB) never freezes the windows; or, where the saver's connection could
/// not be opened, on the main thread at once. Either way `completion` runs
/// on the main thread, after the store's observers heard of the change.
/// Several notes (selected together in a list) are written one after another.
@MainActor
struct NoteWrites {
    let store: NoteStore
    let saver: BackgroundNoteSaver?

    func moveToTrash(_ id: UUID, completion: @escaping (Result<Void, any Error>) -> Void) {
        guard let saver else { return completion(Result { try store.waitingLonger { try store.moveToTrash(id) } }) }
        saver.moveToTrash(id, completion: completion)
    }

    func setPinned(_ pinned: Bool, of id: UUID, completion: @escaping (Result<Void, any Error>) -> Void) {
        guard let saver else { return completion(Result { try store.waitingLonger { try store.setPinned(pinned, of: id) } }) }
        saver.setPinned(pinned, of: id, completion: completion)
    }

    func restoreFromTrash(_ id: UUID, completion: @escaping (Result<Void, any Error>) -> Void) {
        guard let saver else { return completion(Result { try store.waitingLonger { try store.restoreFromTrash(id) } }) }
        saver.restoreFromTrash(id, completion: completion)
    }

    func deletePermanently(_ id: UUID, completion: @escaping (Result<DeletedNote, any Error>) -> Void) {
        guard let saver else { return completion(Result { try store.waitingLonger { try store.deletePermanently(id) } }) }
        saver.deletePermanently(id, completion: completion)
    }

    func putBack(_ deleted: DeletedNote, completion: @escaping (Result<Void, any Error>) -> Void) {
        guard let saver else { return completion(Result { try store.waitingLonger { try store.putBack(deleted) } }) }
        saver.putBack(deleted, completion: completion)
    }

    /// Makes `write` for each of `ids`, in order, then calls `done` with those
    /// it made and the first failure, if any (the others are still made).
    func each<Value>(
        _ ids: [UUID], _ write: (UUID, @escaping (Result<Value, any Error>) -> Void) -> Void,
        done: @escaping @MainActor (_ written: [(id: UUID, value: Value)], _ failure: (any Error)?) -> Void
    ) {
        guard !ids.isEmpty else { return done([], nil) }
        let outcome = BatchOutcome<Value>(count: ids.count)
        for id in ids {
            write(id) { result in
                MainActor.assumeIsolated {
                    switch result {
                    case let .success(value): outcome.written.append((id, value))
                    case let .failure(error): outcome.failure = outcome.failure ?? error
                    }
                    outcome.remaining -= 1
                    if outcome.remaining == 0 { done(outcome.written, outcome.failure) }
                }
            }
        }
    }

    func emptyTrash(completion: @escaping (Result<Void, any Error>) -> Void) {
        guard let saver else { return completion(Result { _ = try store.waitingLonger { try store.emptyTrash() } }) }
        saver.emptyTrash { completion($0.map { _ in }) }
    }
}

