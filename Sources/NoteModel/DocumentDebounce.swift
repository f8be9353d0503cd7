/// A debounce that `DocumentTimers.debounce` made.
@MainActor
public protocol DocumentDebounce: AnyObject {
    /// Notes a change: (re)starts the quiet period, and the deadline if none runs.
    func poke()
    /// Drops a pending run without running the action.
    func cancel()
}
