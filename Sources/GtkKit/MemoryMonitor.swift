import CGtk

/// The system's memory monitor (GIO's GMemoryMonitor), for dropping what can
/// be rebuilt when memory runs low.
@MainActor
public enum MemoryMonitor {
    /// Calls `handler` whenever the system warns that memory is low, until the
    /// subscription returned is cancelled or dropped (nil if the system has no
    /// memory monitor).
    public static func onLowMemoryWarning(_ handler: @escaping @MainActor () -> Void) -> Subscription? {
        guard let monitor = cgtk_memory_monitor_dup_default().map(Object.init(adopting:)) else { return nil }
        let connection = monitor.connectBoxed(handler) { data, release in
            cgtk_signal_connect_low_memory(monitor.objectPointer, { _, _, data in
                MainActor.assumeIsolated { ClosureBox<@MainActor () -> Void>.from(data).closure() }
            }, data, release)
        }
        return Subscription {
            connection.disconnect()
            _ = monitor  // held as long as the handler is
        }
    }
}
