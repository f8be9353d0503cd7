import FoundationEssentials
import Storage

/// One kind of diagnostic line on standard error, written only when its
/// environment variable is "1": for the tests and the stress suite, to see
/// from outside what Quire did.
struct DiagnosticTrace: Sendable {
    /// Whether the variable switched this trace on.
    let isEnabled: Bool
    private let prefix: String

    /// The trace switched on by `variable`, its lines starting with `prefix` and a colon.
    init(variable: String, prefix: String) {
        isEnabled = ProcessEnvironment.value(variable) == "1"
        self.prefix = prefix
    }

    /// `QUIRE_TRACE_WINDOWS=1`: a line when a window is built ahead (and at
    /// what size), taken by a new window or thrown away (`MainWindowAhead`;
    /// hidden until taken, such a window shows nowhere else on Wayland); when
    /// a window restored behind the front one is filled in and when it has
    /// drawn, when the front window becomes active, and when the windows
    /// behind start to be filled in, and why (`BehindWindowsFill`). Times are
    /// `ProcessClock`'s, in milliseconds: the lifecycle trace's clock.
    static let windows = DiagnosticTrace(variable: "QUIRE_TRACE_WINDOWS", prefix: "windows")

    /// Writes `<prefix>: <line>`, if the trace is on (`line` is made only then).
    func write(_ line: @autoclosure () -> String) {
        guard isEnabled else { return }
        StandardStreams.writeError("\(prefix): \(line())\n")
    }
}
