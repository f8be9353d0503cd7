/// A run that `DocumentTimers.after` scheduled.
@MainActor
public protocol DocumentTimer: AnyObject {
    /// Drops the run, if it has not happened.
    func cancel()
}
