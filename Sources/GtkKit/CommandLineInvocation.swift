import CGtk

/// One run of the program's command line, as the primary instance receives it:
/// from its own launch, or forwarded over D-Bus from a second `quire`.
/// Valid only while the "command-line" handler runs.
@MainActor
public struct CommandLineInvocation {
    let pointer: UnsafeMutableRawPointer

    /// Whether the boolean option `--<name>` was given.
    public func hasFlag(_ name: String) -> Bool { quire_command_line_has_flag(pointer, name) != 0 }

    /// The arguments after the options (URIs), in order.
    public var remainingArguments: [String] {
        guard let list = quire_command_line_remaining(pointer) else { return [] }
        defer { g_strfreev(list) }
        return CStringList.strings { list[$0].map { UnsafePointer($0) } }
    }

    /// Whether the command was run by a second process (and forwarded here).
    public var isRemote: Bool { quire_command_line_is_remote(pointer) != 0 }

    /// Writes a line to the standard error of whichever process ran the command.
    public func printError(_ message: String) { quire_command_line_print_error(pointer, message) }
}
