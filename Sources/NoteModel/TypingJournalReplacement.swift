import Synchronization

/// A journal's file being replaced or removed (`TypingJournalSync.replace`,
/// `remove`): whether it is done yet.
final class TypingJournalReplacement: Sendable {
    private let done = Atomic(false)

    /// Whether the old file is gone (the fresh one in its place).
    var isDone: Bool { done.load(ordering: .acquiring) }

    /// The old file is gone.
    func finish() { done.store(true, ordering: .releasing) }
}
