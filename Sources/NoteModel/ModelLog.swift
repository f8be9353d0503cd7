import FoundationEssentials
import Storage

/// Messages for the person (or test) reading the terminal, on standard error,
/// as the app's own: "quire: <message>".
enum ModelLog {
    static func error(_ message: String) {
        StandardStreams.writeError("quire: \(message)\n")
    }
}
