import FoundationEssentials
import NoteModel

/// Makes the notes of files a sync takes in on a thread of its own (a
/// `BackgroundNoteSaver`, opened for the first), a few at a time: a first
/// sync takes in thousands, and now and then one held the main loop for
/// 20 ms and more while the search index merged its segments; waiting for
/// each before reading the next file made the sync an eighth slower.
///
/// The first failure is thrown by the next `create` or by `finish`; the
/// notes asked for after it may still be made, each whole, with its file
/// recorded, as the next sync expects of any note.
@MainActor
final class SyncIntakeWriter {
    /// How many notes may be under way at once.
    private static let limit = 8
    private let store: NoteStore
    private var saver: BackgroundNoteSaver?
    private var underWay = 0
    private var failure: (any Error)?
    private var waiter: CheckedContinuation<Void, Never>?

    init(store: NoteStore) {
        self.store = store
    }

    /// Asks for a note of `body`, recorded as the synced `file`, once fewer
    /// than `limit` are under way.
    func create(body: String, modifiedAt: Date, file: SyncedNoteFile) async throws {
        try await wait(untilFewerThan: SyncIntakeWriter.limit)
        let saver = try self.saver ?? BackgroundNoteSaver(store: store)
        self.saver = saver
        underWay += 1
        saver.createSyncedNote(body: body, modifiedAt: modifiedAt, file: file) { [self] outcome in
            underWay -= 1
            if case let .failure(error) = outcome, failure == nil { failure = error }
            waiter?.resume()
            waiter = nil
        }
    }

    /// Returns once every note asked for is made; throws the first failure.
    func finish() async throws {
        try await wait(untilFewerThan: 1)
    }

    /// Closes the writer's connection, after the notes under way.
    func close() {
        saver?.close()
        saver = nil
    }

    private func wait(untilFewerThan count: Int) async throws {
        while underWay >= count {
            await withCheckedContinuation { waiter = $0 }
        }
        if let failure { throw failure }
    }
}
