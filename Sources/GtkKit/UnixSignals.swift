import CGtk

/// POSIX signals delivered through the GLib main loop, so handlers run on the
/// main thread between events, not inside a signal handler.
@MainActor
public enum UnixSignals {
    /// Calls `handler` on the main loop whenever the process receives SIGTERM,
    /// SIGINT or SIGHUP (the ways a session, a terminal or `kill` ask a program to quit).
    public static func onTerminationRequest(_ handler: @escaping @MainActor () -> Void) {
        for signal in [SIGTERM, SIGINT, SIGHUP] {
            typealias Box = ClosureBox<@MainActor () -> Void>
            let box = Box(handler, kind: .sourceClosure)
            g_unix_signal_add_full(G_PRIORITY_DEFAULT, signal, { data in
                MainActor.assumeIsolated { Box.from(data!).closure() }
                return 1 // G_SOURCE_CONTINUE
            }, box.retainedPointer(), { data in
                MainActor.assumeIsolated { Box.release(data!) }
            })
        }
    }
}
