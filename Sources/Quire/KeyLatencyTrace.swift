import GtkKit

/// With `QUIRE_TRACE_KEYS=1`, two lines on standard error for each key
/// pressed in a note: `keys: <key> handled <ms>` when it reaches the note,
/// and `keys: <key> drawn <ms>` once the window has drawn the frame after
/// it, each counted from the moment the key was pressed (its event's time).
/// The tests and the benchmark read them: a key typed while windows are
/// still being restored must not wait for them all.
@MainActor
enum KeyLatencyTrace {
    private static let trace = DiagnosticTrace(variable: "QUIRE_TRACE_KEYS", prefix: "keys")

    /// Records `key`, pressed in `view`, as handled now, and as drawn after the view's next frame.
    static func record(_ key: KeyPress, in view: Widget) {
        guard trace.isEnabled, key.time != 0 else { return }
        let name = key.name
        let pressed = key.time
        trace.write("\(name) handled \(Toolkit.eventMilliseconds &- pressed)")
        view.onNextFrame { trace.write("\(name) drawn \(Toolkit.eventMilliseconds &- pressed)") }
    }
}
