import CGtk

/// The system's memory monitor (GIO's GMemoryMonitor), for dropping what can
/// be rebuilt when memory runs low.
@MainActor
public enum MemoryMonitor {
    private static var monitor: Object?

    /// Calls `handler` whenever the system warns that memory is low.
    public static func onLowMemoryWarning(_ handler: @escaping @MainActor () -> Void) {
        guard let pointer = quire_memory_monitor_dup_default() else { return }
        let monitor = Object(adopting: pointer)
        Self.monitor = monitor
        typealias Box = ClosureBox<@MainActor () -> Void>
        let box = Box(handler, kind: .permanent)
        quire_signal_connect_low_memory(monitor.objectPointer, { _, _, data in
            MainActor.assumeIsolated { Box.from(data!).closure() }
        }, box.retainedPointer(), nil)
    }
}
