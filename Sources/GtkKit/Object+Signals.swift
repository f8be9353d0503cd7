import CGtk

/// Typed signal connections. Each trampoline has the signal's real C signature;
/// the Swift closure travels in a retained `ClosureBox` that GLib releases
/// through the destroy notify when the handler is disconnected or the object
/// is disposed.
extension Object {
    /// Connects a handler to a signal whose C handler is `void (*)(GObject *, gpointer)`
    /// ("destroy", "changed", "activate", "startup", "shutdown", ...); with
    /// `after`, it runs after the signal's own default handler (what the
    /// object does when the signal is emitted).
    @discardableResult
    public func connect(_ signal: String, after: Bool = false, _ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        connectBoxed(handler) { data, release in
            cgtk_signal_connect_void(objectPointer, signal, { _, data in
                MainActor.assumeIsolated { ClosureBox<@MainActor () -> Void>.from(data).closure() }
            }, data, release, after ? 1 : 0)
        }
    }

    /// Connects a handler to a signal whose C handler returns `gboolean`
    /// ("close-request": return `true` to stop the window from closing).
    @discardableResult
    public func connectReturningBool(
        _ signal: String, _ handler: @escaping @MainActor () -> Bool
    ) -> SignalConnection {
        connectBoxed(handler) { data, release in
            cgtk_signal_connect_bool(objectPointer, signal, { _, data in
                MainActor.assumeIsolated { ClosureBox<@MainActor () -> Bool>.from(data).closure() ? 1 : 0 }
            }, data, release)
        }
    }

    /// Connects a handler to a signal whose C handler is
    /// `void (*)(GObject *, const char *, gpointer)` (a message dialog's "response").
    @discardableResult
    public func connectWithString(_ signal: String, _ handler: @escaping @MainActor (String) -> Void) -> SignalConnection {
        connectBoxed(handler) { data, release in
            cgtk_signal_connect_string(objectPointer, signal, { _, text, data in
                let value = text.map { String(cString: $0) } ?? ""
                MainActor.assumeIsolated { ClosureBox<@MainActor (String) -> Void>.from(data).closure(value) }
            }, data, release)
        }
    }

    /// Connects a handler to a signal whose C handler is
    /// `void (*)(GObject *, guint, gpointer)` (a list view's "activate", with the row's position).
    @discardableResult
    public func connectWithUInt32(_ signal: String, _ handler: @escaping @MainActor (UInt32) -> Void) -> SignalConnection {
        connectBoxed(handler) { data, release in
            cgtk_signal_connect_uint(objectPointer, signal, { _, value, data in
                MainActor.assumeIsolated { ClosureBox<@MainActor (UInt32) -> Void>.from(data).closure(value) }
            }, data, release)
        }
    }

    /// Connects a handler to a signal whose C handler is
    /// `void (*)(GObject *, int width, int height, gpointer)` (a surface's "layout").
    @discardableResult
    public func connectWithSize(_ signal: String, _ handler: @escaping @MainActor (Int32, Int32) -> Void) -> SignalConnection {
        connectBoxed(handler) { data, release in
            cgtk_signal_connect_size(objectPointer, signal, { _, width, height, data in
                MainActor.assumeIsolated { ClosureBox<@MainActor (Int32, Int32) -> Void>.from(data).closure(width, height) }
            }, data, release)
        }
    }

    /// Calls `handler` whenever the GObject property `property` changes ("notify::<property>").
    @discardableResult
    public func observe(property: String, _ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        connectBoxed(handler) { data, release in
            cgtk_signal_connect_notify(objectPointer, "notify::\(property)", { _, _, data in
                MainActor.assumeIsolated { ClosureBox<@MainActor () -> Void>.from(data).closure() }
            }, data, release)
        }
    }
}
