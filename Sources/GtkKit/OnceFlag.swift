/// Remembers that something happened, for handlers that must act only the first time.
@MainActor
final class OnceFlag {
    private(set) var isSet = false

    /// Sets the flag; returns whether this call was the first.
    func set() -> Bool {
        defer { isSet = true }
        return !isSet
    }
}
