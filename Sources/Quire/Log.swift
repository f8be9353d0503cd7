import FoundationEssentials
import Storage

/// Messages for the person (or test) reading the terminal, on standard error.
enum Log {
    /// Writes "quire: <message>" and a newline to standard error.
    static func error(_ message: String) {
        StandardStreams.writeError("quire: \(message)\n")
    }
}
