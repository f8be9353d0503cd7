import FoundationEssentials
import Storage

/// A command's reply in the process that runs it (`HeadlessCommand`):
/// lines on its own standard output and error, and the status it ends with.
@MainActor
final class ConsoleReply: CommandReply {
    /// The status `finish` gave, once given.
    private(set) var status: Int32?

    func print(_ message: String) {
        StandardStreams.writeOutput(message + "\n")
    }

    func printError(_ message: String) {
        StandardStreams.writeError(message + "\n")
    }

    func finish(status: Int32) {
        if self.status == nil { self.status = status }
    }
}
