import CGtk

/// An idle or timeout source added to the default GLib main context.
///
/// It holds a reference to its GSource, so it always asks about its own source,
/// never about whichever source GLib has since given the same id. The closure is
/// released by GLib when the source is destroyed: after it returns `false`, or
/// after `cancel()`.
@MainActor
public struct MainLoopSource {
    private let reference: SourceReference

    /// Attaches `source` (a new, unattached GSource whose callback is set) to the
    /// default main context, and keeps a reference to it; takes over the caller's.
    init(attaching source: UnsafeMutablePointer<GSource>) {
        g_source_attach(source, nil)
        reference = SourceReference(adopting: source)
    }

    /// Whether the source is still attached (it has not finished or been cancelled).
    public var isPending: Bool { g_source_is_destroyed(reference.source) == 0 }

    /// Removes the source if it is still pending; safe to call more than once.
    public func cancel() {
        if isPending { g_source_destroy(reference.source) }
    }
}

/// One reference to a GSource, given back when the last copy of its
/// `MainLoopSource` goes.
private final class SourceReference: @unchecked Sendable {
    let source: UnsafeMutablePointer<GSource>

    init(adopting source: UnsafeMutablePointer<GSource>) { self.source = source }

    deinit { g_source_unref(source) }
}
