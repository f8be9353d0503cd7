import CGtk

/// A command line answered after its handler returned (a long import): it
/// holds the invocation, so the process that ran the command waits, printing
/// what it is told, until `finish` gives its exit status.
@MainActor
public final class PendingCommandLine {
    private var pointer: UnsafeMutableRawPointer?

    init(pointer: UnsafeMutableRawPointer) {
        self.pointer = UnsafeMutableRawPointer(g_object_ref(pointer))
    }

    isolated deinit { finish(status: 1) }

    /// Whether `finish` was called.
    public var isFinished: Bool { pointer == nil }

    /// Writes a line to the standard output of the process that ran the command.
    public func print(_ message: String) {
        if let pointer { cgtk_command_line_print(pointer, message) }
    }

    /// Writes a line to the standard error of the process that ran the command.
    public func printError(_ message: String) {
        if let pointer { cgtk_command_line_print_error(pointer, message) }
    }

    /// Ends the command with `status`; the process that ran it exits with it. Later calls do nothing.
    public func finish(status: Int32) {
        guard let pointer else { return }
        self.pointer = nil
        cgtk_command_line_set_exit_status(pointer, status)
        g_object_unref(pointer)
    }
}
