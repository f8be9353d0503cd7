/// Time as a note's document uses it: its autosave's timing and its retries.
/// The app runs them on the main loop; tests on a clock they move by hand.
@MainActor
public protocol DocumentTimers: AnyObject {
    /// Runs `body` once, `milliseconds` from now, unless cancelled first.
    func after(milliseconds: UInt32, _ body: @escaping @MainActor () -> Void) -> any DocumentTimer

    /// An idle debounce: after `poke()`, `action` runs once things have been
    /// quiet for `quietMilliseconds`, and never later than
    /// `maximumDelayMilliseconds` after the first poke it has not covered yet.
    func debounce(
        quietMilliseconds: UInt32, maximumDelayMilliseconds: UInt32, _ action: @escaping @MainActor () -> Void
    ) -> any DocumentDebounce
}
