import Dispatch
import FoundationEssentials
import Glibc

/// Runs work that can wait for a free processor (a dictionary loaded, the
/// installed ones listed) on a thread of its own at the lowest priority, nice
/// 19, so that it takes only what windows being built and the display server
/// leave. On two cores, English's 11 MB dictionary loading beside a new window
/// made the window take half as long again to show.
public enum LowPriorityThread {
    /// The thread's nice value: the lowest priority Linux gives.
    public static let niceness: Int32 = 19

    /// Runs `work` on a new thread at the lowest priority, then hands what it
    /// returns to `then` on the main thread (through the main dispatch queue,
    /// which the app's main loop drains). Not through a continuation: resuming
    /// one puts its task on Swift's own pool, which starts libdispatch's, and
    /// that then wakes every second for the life of the process.
    public static func run<Result: Sendable>(
        _ work: @escaping @Sendable () -> Result, then: @escaping @MainActor @Sendable (Result) -> Void
    ) {
        let job = Unmanaged.passRetained(Job {
            // On Linux a nice value is the calling thread's own (who 0 is this thread).
            _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, niceness)
            let result = work()
            DispatchQueue.main.async { MainActor.assumeIsolated { then(result) } }
        })
        var thread = pthread_t()
        let started = pthread_create(&thread, nil, { context in
            Unmanaged<Job>.fromOpaque(context!).takeRetainedValue().body()
            return nil
        }, job.toOpaque())
        if started == 0 {
            pthread_detach(thread)
        } else {
            job.takeRetainedValue().body()  // no thread to be had: run it here rather than never
        }
    }

    /// The work handed to the new thread.
    private final class Job: Sendable {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }
}
