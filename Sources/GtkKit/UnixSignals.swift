import CGtk

/// POSIX signals delivered through the GLib main loop, so handlers run on the
/// main thread between events, not inside a signal handler.
@MainActor
public enum UnixSignals {
    /// Calls `handler` on the main loop whenever the process receives SIGTERM,
    /// SIGINT or SIGHUP (the ways a session, a terminal or `kill` ask a program
    /// to quit), until the subscription returned is cancelled or dropped.
    public static func onTerminationRequest(_ handler: @escaping @MainActor () -> Void) -> Subscription {
        let sources = [SIGTERM, SIGINT, SIGHUP].map { signal in
            guard let source = g_unix_signal_source_new(signal) else { preconditionFailure("GLib made no signal source") }
            return MainLoop.attach(source) {
                handler()
                return true
            }
        }
        return Subscription { for source in sources { source.cancel() } }
    }
}
