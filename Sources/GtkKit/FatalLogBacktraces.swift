import CGtk

/// Backtraces for the log messages GLib stops the process at. Under
/// `G_DEBUG=fatal-criticals` (how the tests run) the first GTK critical ends
/// the process, and the Swift runtime's crash report cannot walk the C
/// libraries' frames, so it cannot say where in GTK the critical came from.
@MainActor
public enum FatalLogBacktraces {
    /// From now on, writes a backtrace to standard error before each log
    /// message that will stop the process (errors always; criticals and
    /// warnings as `G_DEBUG` says), then logs it as GLib would. Call once,
    /// early in `main`.
    public static func install() { cgtk_write_backtraces_of_fatal_log_messages() }
}
