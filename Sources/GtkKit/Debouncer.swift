/// Coalesces bursts of changes into few runs of an action, on the main loop.
///
/// After `poke()`, the action runs once things have been quiet for
/// `quietMilliseconds`, and never later than `maximumDelayMilliseconds` after
/// the first poke it has not yet covered, so continuous activity still runs
/// it regularly. Autosave uses it: 300 ms after the last keystroke, and at
/// least once a second while typing goes on.
@MainActor
public final class Debouncer {
    private let quietMilliseconds: UInt32
    private let maximumDelayMilliseconds: UInt32
    private let action: @MainActor () -> Void
    private var quietTimer: MainLoopSource?
    private var deadlineTimer: MainLoopSource?

    /// Creates an idle debouncer; nothing runs until the first `poke()`.
    public init(
        quietMilliseconds: UInt32,
        maximumDelayMilliseconds: UInt32,
        action: @escaping @MainActor () -> Void
    ) {
        self.quietMilliseconds = quietMilliseconds
        self.maximumDelayMilliseconds = maximumDelayMilliseconds
        self.action = action
    }

    isolated deinit {
        quietTimer?.cancel()
        deadlineTimer?.cancel()
    }

    /// Whether a run is scheduled and has not happened yet.
    public var isPending: Bool { deadlineTimer != nil }

    /// Notes a change: (re)starts the quiet period, and the deadline if none is running.
    public func poke() {
        quietTimer?.cancel()
        quietTimer = MainLoop.after(milliseconds: quietMilliseconds) { [weak self] in self?.fire() }
        if deadlineTimer == nil {
            deadlineTimer = MainLoop.after(milliseconds: maximumDelayMilliseconds) { [weak self] in
                self?.fire()
            }
        }
    }

    /// Runs the action now if a run is pending (before quitting or closing).
    public func flush() {
        if isPending { fire() }
    }

    /// Drops a pending run without running the action.
    public func cancel() {
        quietTimer?.cancel()
        deadlineTimer?.cancel()
        quietTimer = nil
        deadlineTimer = nil
    }

    private func fire() {
        cancel()
        action()
    }
}
