import FoundationEssentials
import Storage
import GtkKit

/// A command given on the app's command line (such as `--export DIR`), which
/// the running instance carries out instead of a launch: no window is
/// restored or opened for it. A command run while the app is not running
/// starts the app for it alone, and the app quits once the command finishes.
/// The process that ran the command waits, printing what it is told, until
/// `finish(status:)` gives its exit status.
@MainActor
public final class LaunchCommand {
    /// The option's name, without the dashes.
    public let name: String
    /// The option's value (`DIR` in `--export DIR`), for an option that takes one.
    public let value: String?
    /// The arguments after the options, in order.
    public let arguments: [String]
    /// Whether the command was forwarded from a second process to a running app.
    public let isRemote: Bool
    /// The working folder of the process that ran the command.
    public let workingDirectory: String
    /// The status `finish` gave, once given.
    public private(set) var exitStatus: Int32?
    private let reply: PendingCommandLine

    init(name: String, value: String?, invocation: CommandLineInvocation) {
        self.name = name
        self.value = value
        arguments = invocation.remainingArguments
        isRemote = invocation.isRemote
        workingDirectory = invocation.workingDirectory ?? FileManager.default.currentDirectoryPath
        reply = invocation.keptOpen()
    }

    /// `path` as given on the command line, made absolute against the working folder of the process that ran it.
    public func absolutePath(_ path: String) -> String {
        let expanded = FilePaths.expandingTilde(path)
        let absolute = expanded.hasPrefix("/") ? expanded : FilePaths.join(workingDirectory, expanded)
        return URL(fileURLWithPath: absolute).standardizedFileURL.path
    }

    /// Writes a line to the standard output of the process that ran the command.
    public func print(_ message: String) { reply.print(message) }

    /// Writes a line to the standard error of the process that ran the command.
    public func printError(_ message: String) { reply.printError(message) }

    /// Ends the command: the process that ran it exits with `status`. Later calls do nothing.
    public func finish(status: Int32) {
        guard exitStatus == nil else { return }
        exitStatus = status
        reply.finish(status: status)
    }
}
