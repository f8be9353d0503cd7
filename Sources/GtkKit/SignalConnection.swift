package import CGtk

/// One handler connected to one signal of one object.
///
/// Dropping this value leaves the handler connected: it lives as long as the
/// object. Keep it only to block the handler (while applying changes that must
/// not echo) or to disconnect it early. It holds the object weakly (a GWeakRef),
/// so it knows when the object is gone and never touches freed memory.
@MainActor
public struct SignalConnection {
    private let object: WeakObjectReference
    let handlerID: gulong

    package init(instance: UnsafeMutablePointer<GObject>, handlerID: gulong) {
        object = WeakObjectReference(instance)
        self.handlerID = handlerID
    }

    /// Whether the handler is still connected (the object lives and it was not disconnected).
    public var isConnected: Bool {
        object.withObject { g_signal_handler_is_connected($0, handlerID) != 0 } ?? false
    }

    /// Disconnects the handler; its closure is released. Does nothing if already gone.
    public func disconnect() {
        object.withObject { instance in
            if g_signal_handler_is_connected(instance, handlerID) != 0 { g_signal_handler_disconnect(instance, handlerID) }
        }
    }

    /// Runs `body` with the handler blocked, so changes made by `body` do not reach it.
    public func whileBlocked<Result>(_ body: () throws -> Result) rethrows -> Result {
        guard let instance = object.strongReference() else { return try body() }
        defer { g_object_unref(instance) }
        guard g_signal_handler_is_connected(instance, handlerID) != 0 else { return try body() }
        g_signal_handler_block(instance, handlerID)
        defer { g_signal_handler_unblock(instance, handlerID) }
        return try body()
    }
}
