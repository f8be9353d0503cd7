import CGtk

/// One handler connected to one signal of one object.
///
/// Dropping this value leaves the handler connected: it lives as long as the
/// object. Keep it only to block the handler (while applying changes that must
/// not echo) or to disconnect it early.
@MainActor
public struct SignalConnection {
    let instance: UnsafeMutablePointer<GObject>
    let handlerID: gulong

    /// Whether the handler is still connected (the object lives and it was not disconnected).
    public var isConnected: Bool { g_signal_handler_is_connected(instance, handlerID) != 0 }

    /// Disconnects the handler; its closure is released. Does nothing if already gone.
    public func disconnect() {
        if isConnected { g_signal_handler_disconnect(instance, handlerID) }
    }

    /// Runs `body` with the handler blocked, so changes made by `body` do not reach it.
    public func whileBlocked<Result>(_ body: () throws -> Result) rethrows -> Result {
        guard isConnected else { return try body() }
        g_signal_handler_block(instance, handlerID)
        defer { g_signal_handler_unblock(instance, handlerID) }
        return try body()
    }
}
