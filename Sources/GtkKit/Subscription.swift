/// A handler registered with something that lasts as long as the process (the
/// system's memory monitor, POSIX signals). Dropping the subscription, or
/// `cancel()`, removes the handler, so it never outlives its owner.
@MainActor
public final class Subscription {
    private var removal: (@MainActor () -> Void)?

    /// A subscription that runs `removal` once, when cancelled or dropped.
    init(removal: @escaping @MainActor () -> Void) { self.removal = removal }

    /// Removes the handler now; later calls do nothing.
    public func cancel() {
        removal?()
        removal = nil
    }

    isolated deinit { cancel() }
}
