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

    /// Writes `<prefix>: <line>`, if the trace is on (`line` is made only then).
    func write(_ line: @autoclosure () -> String) {
        guard isEnabled else { return }
        StandardStreams.writeError("\(prefix): \(line())\n")
    }
}
