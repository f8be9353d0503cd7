import CGtk

/// How the process ends at a log message GLib stops it for: a GLib error
/// (out of memory, say), or a GTK critical under `G_DEBUG=fatal-criticals`,
/// how the tests run. GLib stops the process with a breakpoint trap; the
/// Swift runtime's crash handler returns from it, and the process hangs,
/// still holding the application's name on the session bus, so a new launch
/// would hand itself to it and show nothing. And the Swift crash report
/// cannot walk the C libraries' frames, so it cannot say where the message
/// came from.
@MainActor
public enum FatalLogMessages {
    /// From now on, at each log message that will stop the process (errors
    /// always; criticals and warnings as `G_DEBUG` says): writes a backtrace
    /// through the C libraries' frames to standard error, logs the message
    /// as GLib would, and aborts. Call early in `main`; calls after the
    /// first change nothing.
    public static func handle() { cgtk_handle_fatal_log_messages() }
}
