import CGtk

/// An idle or timeout source added to the default GLib main context.
///
/// The closure is released by GLib when the source is destroyed: after it
/// returns `false`, or after `cancel()`.
@MainActor
public struct MainLoopSource {
    let id: guint

    /// Whether the source is still attached (it has not finished or been cancelled).
    public var isPending: Bool { g_main_context_find_source_by_id(nil, id) != nil }

    /// Removes the source if it is still pending; safe to call more than once.
    public func cancel() {
        if let source = g_main_context_find_source_by_id(nil, id) {
            g_source_destroy(source)
        }
    }
}
