import Synchronization

/// How far an import's reading has got, shared between the thread that reads
/// the files and the main loop that shows it; and whether the person stopped it.
final class ImportProgress: Sendable {
    private let state = Mutex<(done: Int, total: Int, isStopped: Bool)>((0, 0, false))

    /// How much is read, from 0 to 1.
    var fraction: Double {
        state.withLock { $0.total == 0 ? 0 : Double($0.done) / Double($0.total) }
    }

    /// Whether `stop()` was called.
    var isStopped: Bool { state.withLock { $0.isStopped } }

    /// Asks the reading to stop after the file it is on; nothing is imported.
    func stop() { state.withLock { $0.isStopped = true } }

    /// Records that `done` of `total` files are read; says whether to go on.
    func update(done: Int, total: Int) -> Bool {
        state.withLock {
            $0.done = done
            $0.total = total
            return !$0.isStopped
        }
    }
}
