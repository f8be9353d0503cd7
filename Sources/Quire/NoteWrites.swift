import Foundation
import NoteModel

/// The changes a person asks for in the trash (restore, delete for good, put
/// back, empty it): made on the background saver, in order after its saves,
/// so that a long note's (SQLite writes or indexes it whole, 0.4 s for
/// 20 MB) never freezes the windows; or, where the saver's connection could
/// not be opened, on the main thread at once. Either way `completion` runs
/// on the main thread, after the store's observers heard of the change.
@MainActor
struct NoteWrites {
    let store: NoteStore
    let saver: BackgroundNoteSaver?

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

    func emptyTrash(completion: @escaping (Result<Void, any Error>) -> Void) {
        guard let saver else { return completion(Result { _ = try store.waitingLonger { try store.emptyTrash() } }) }
        saver.emptyTrash { completion($0.map { _ in }) }
    }
}
