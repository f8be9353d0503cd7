import Dispatch
public import FoundationEssentials
import Storage

/// Writes and removes drafts on a thread of its own, one at a time in the
/// order asked, so that syncing a draft to the disk (which a busy or slow
/// disk can stretch to a good part of a second) never holds up the windows
/// while saving fails; each outcome is handed back on the main thread. A
/// removal asked after a write happens after it.
@MainActor
public final class DraftWriter {
    private let store: DraftStore
    private let thread = WorkerThread(name: "drafts")

    /// A writer of the drafts in `store`.
    public init(store: DraftStore) {
        self.store = store
    }

    /// Writes `draft` (replacing its earlier version); `completion` gets the
    /// file's path, or why it could not be written.
    public func write(_ draft: NoteDraft, completion: @escaping @MainActor @Sendable (Result<String, any Error>) -> Void) {
        let store = store
        inTurn({
            try store.write(draft)
            return store.path(for: draft)
        }, then: completion)
    }

    /// Removes a draft whose text is saved, after any write of it asked before.
    public func remove(noteID: UUID, draftID: UUID, completion: @escaping @MainActor @Sendable (Result<Void, any Error>) -> Void) {
        let store = store
        inTurn({ try store.remove(noteID: noteID, draftID: draftID) }, then: completion)
    }

    /// Runs `work` on the writer's thread after everything asked before, and
    /// hands its outcome to `completion` on the main thread.
    private func inTurn<Value: Sendable>(
        _ work: @escaping @Sendable () throws -> Value, then completion: @escaping @MainActor @Sendable (Result<Value, any Error>) -> Void
    ) {
        thread.async {
            let result = Result(catching: work)
            DispatchQueue.main.async { MainActor.assumeIsolated { completion(result) } }
        }
    }

    /// Writes `draft` now, after everything asked before, and waits for it
    /// (the app is quitting: the text must be on the disk before it goes).
    public func writeNow(_ draft: NoteDraft) throws {
        let store = store
        try thread.sync { try store.write(draft) }
    }

    /// Waits until everything asked is written or removed (their outcomes
    /// still come back on the main thread, later).
    public func finishPending() {
        thread.sync {}
    }
}
