import FoundationEssentials
import Scenes

/// Where a command's words and exit status go: the process that ran it,
/// through the running Quire (`LaunchCommand`), or this very process when
/// it runs the command on its own, with no display (`ConsoleReply`).
@MainActor
protocol CommandReply: AnyObject {
    /// Writes a line to the standard output of the process that ran the command.
    func print(_ message: String)
    /// Writes a line to its standard error.
    func printError(_ message: String)
    /// Ends the command with `status`; later calls do nothing.
    func finish(status: Int32)
}

extension LaunchCommand: CommandReply {}
