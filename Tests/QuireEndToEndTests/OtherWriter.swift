import Foundation
import NoteModel

/// Another writer of a notes file, as another program would be: a thread of
/// the test with its own connection, adding a note every few milliseconds
/// from `start()` until `stop()`.
final class OtherWriter: @unchecked Sendable {
    private let path: String
    private let lock = NSLock()
    private var stopped = false
    private let done = DispatchSemaphore(value: 0)

    init(path: String) { self.path = path }

    func start() {
        Thread.detachNewThread { [self] in
            defer { done.signal() }
            guard let store = try? NoteStore(path: path) else { return }
            var number = 0
            while !lock.withLock({ stopped }) {
                number += 1
                _ = try? store.importNotes([(body: "Meanwhile \(number)", modifiedAt: Date())])
                Thread.sleep(forTimeInterval: 0.005)
            }
        }
    }

    func stop() {
        lock.withLock { stopped = true }
        done.wait()
    }
}
