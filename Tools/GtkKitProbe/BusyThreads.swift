import Foundation
import Synchronization

/// Threads that keep a processor busy each until stopped.
final class BusyThreads: Sendable {
    private let running = Atomic(true)

    init(count: Int) {
        for _ in 0..<count { Thread.detachNewThread { while self.running.load(ordering: .relaxed) {} } }
    }

    func stop() { running.store(false, ordering: .relaxed) }
}
