import CGtk

/// Notices when GTK lets go of a top-level window, and finishes it off.
///
/// In GTK 4, destroying a window (its close button, `gtk_window_destroy`) only
/// drops GTK's own reference and removes it from the list of toplevels; while a
/// `Window` wrapper holds its reference, the object is never disposed, so
/// "destroy" would not fire and signal closures would stay alive. This watcher
/// follows that list and disposes every wrapped window that leaves it: GTK
/// emits "destroy", disconnects the handlers, and the owner drops the wrapper.
@MainActor
enum ToplevelWatcher {
    private final class Entry {
        weak var window: Window?
        init(_ window: Window) { self.window = window }
    }

    private static var entries = WeakList<Entry> { $0.window == nil }
    private static var isWatching = false

    /// Starts following `window`.
    static func watch(_ window: Window) {
        startWatchingIfNeeded()
        entries.append(Entry(window))
    }

    private static func startWatchingIfNeeded() {
        guard !isWatching else { return }
        isWatching = true
        // The toplevels list lives as long as GTK; this handler is never released.
        typealias Box = ClosureBox<@MainActor () -> Void>
        let box = Box({ disposeWindowsNoLongerListed() }, kind: .permanent)
        _ = cgtk_toplevels_connect_items_changed({ _, _, removed, _, data in
            guard removed > 0 else { return }
            MainActor.assumeIsolated { Box.from(data).closure() }
        }, box.retainedPointer(), nil)
    }

    private static func disposeWindowsNoLongerListed() {
        var listed: Set<UnsafeMutableRawPointer> = []
        for index in 0..<cgtk_toplevels_count() {
            guard let item = cgtk_toplevels_item(index) else { continue }
            listed.insert(item)
            g_object_unref(item)
        }
        let gone = entries.entries.compactMap(\.window).filter { !listed.contains(UnsafeMutableRawPointer($0.objectPointer)) }
        entries.removeAll { entry in entry.window.map { window in gone.contains { $0 === window } } ?? true }
        for window in gone {
            g_object_run_dispose(window.objectPointer)
        }
    }
}
