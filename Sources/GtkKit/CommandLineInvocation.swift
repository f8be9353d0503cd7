import CGtk

/// One run of the program's command line, as the primary instance receives it:
/// from its own launch, or forwarded over D-Bus from a second run of the program.
/// Valid only while the "command-line" handler runs; `keptOpen()` answers it later.
@MainActor
public struct CommandLineInvocation {
    let pointer: UnsafeMutableRawPointer

    /// Whether the option `--<name>` was given.
    public func hasFlag(_ name: String) -> Bool { cgtk_command_line_has_flag(pointer, name) != 0 }

    /// The value of the file name option `--<name>=VALUE`, or nil if it was not given.
    public func fileName(ofOption name: String) -> String? {
        guard let value = cgtk_command_line_filename_option(pointer, name) else { return nil }
        defer { g_free(value) }
        return String(cString: value)
    }

    /// The arguments after the options (URIs), in order.
    public var remainingArguments: [String] {
        guard let list = cgtk_command_line_remaining(pointer) else { return [] }
        defer { g_strfreev(list) }
        return CStringList.strings { list[$0].map { UnsafePointer($0) } }
    }

    /// The working folder of the process that ran the command (relative paths are relative to it).
    public var workingDirectory: String? { cgtk_command_line_cwd(pointer).map { String(cString: $0) } }

    /// Whether the command was run by a second process (and forwarded here).
    public var isRemote: Bool { cgtk_command_line_is_remote(pointer) != 0 }

    /// Writes a line to the standard output of whichever process ran the command.
    public func print(_ message: String) { cgtk_command_line_print(pointer, message) }

    /// Writes a line to the standard error of whichever process ran the command.
    public func printError(_ message: String) { cgtk_command_line_print_error(pointer, message) }

    /// The invocation kept beyond its handler, to print and set the exit status
    /// later: a second process waits for it until `PendingCommandLine.finish`.
    public func keptOpen() -> PendingCommandLine { PendingCommandLine(pointer: pointer) }
}
