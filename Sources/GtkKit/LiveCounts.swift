/// How many Swift-side helper objects are alive right now.
///
/// Tests read these to prove that closures handed to GLib (signal handlers,
/// main-loop sources) and object wrappers are released when their GObject or
/// source goes away, so opening and closing windows never leaks.
@MainActor
public enum LiveCounts {
    /// Closures connected to a signal and not yet released by GLib's destroy notify.
    public internal(set) static var signalHandlers = 0
    /// Closures of idle and timeout sources that GLib has not yet destroyed.
    public internal(set) static var sourceClosures = 0
    /// `Object` wrappers (each holding one GObject reference) not yet deinitialised.
    public internal(set) static var objectWrappers = 0
}
