import Foundation

/// A command's reply in the process that runs it (`HeadlessCommand`):
/// lines on its own standard output and error, and the status it ends with.
@MainActor
final class ConsoleReply: CommandReply {
    /// The status `finish` gave, once given.
    private(set) var status: Int32?

    func print(_ message: String) {
        FileHandle.standardOutput.write(Data((message + "\n").utf8))
    }

    func printError(_ message: String) {
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }

    func finish(status: Int32) {
        if self.status == nil { self.status = status }
    }
}
