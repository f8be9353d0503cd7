import CGtk

/// One task asleep on a main-loop timer (`MainLoop.sleep`): the timer and
/// the continuation that wakes it, resumed once, by the timer or by the
/// task's cancellation, whichever comes first.
@MainActor
final class MainLoopSleep {
    private var continuation: CheckedContinuation<Void, Never>?
    private var timer: MainLoopSource?
    /// Set by `end()`: a cancellation heard of before `start` (the task may hop
    /// executors between the two) ends the sleep as soon as it starts.
    private var ended = false

    /// Starts the timer for `milliseconds`; resumes `continuation` when it fires.
    func start(_ milliseconds: UInt32, _ continuation: CheckedContinuation<Void, Never>) {
        guard !ended else { return continuation.resume() }
        self.continuation = continuation
        timer = MainLoop.after(milliseconds: milliseconds) { [self] in
            timer = nil
            end()
        }
    }

    /// Ends the sleep now: the timer is removed and the task resumed.
    func end() {
        ended = true
        timer?.cancel()
        timer = nil
        continuation?.resume()
        continuation = nil
    }
}
