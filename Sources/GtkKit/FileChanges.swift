import CGtk

/// Changes to a file made by any process, told as they happen (GIO's file
/// monitor: inotify on Linux), for following a file without looking at it
/// on a timer that wakes the process when nothing changes.
@MainActor
public enum FileChanges {
    /// Calls `handler` on the main loop after the file at `path` was written,
    /// made, replaced or removed, until the subscription returned is
    /// cancelled or dropped. The file need not exist yet. GIO gathers quick
    /// writes: a file written again and again is told of about once every
    /// 0.8 s while it goes on, not at each write. Nil if GIO cannot watch it.
    public static func onChange(ofFileAt path: String, _ handler: @escaping @MainActor () -> Void) -> Subscription? {
        guard let monitor = cgtk_file_monitor_new(path).map(Object.init(adopting:)) else { return nil }
        let connection = monitor.connectBoxed(handler) { data, release in
            cgtk_signal_connect_file_changed(monitor.objectPointer, { _, _, _, _, data in
                MainActor.assumeIsolated { ClosureBox<@MainActor () -> Void>.from(data).closure() }
            }, data, release)
        }
        return Subscription {
            connection.disconnect()
            cgtk_file_monitor_cancel(monitor.objectPointer)
        }
    }
}
