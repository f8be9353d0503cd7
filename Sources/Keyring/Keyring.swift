import CSecret

/// Passwords kept by the desktop's Secret Service (GNOME Keyring, KWallet)
/// through libsecret, one for each server folder and user: never in a file
/// of the app's, nor in a log line. Every call is asynchronous on the GLib
/// main loop (the keyring may ask the person to unlock it), and gives up
/// after `timeout` (a keyring started on demand that waits for an answer no
/// one gives must not hold sync up for ever).
@MainActor
public enum Keyring {
    /// How long a call waits for the keyring.
    public static var timeout: Duration = .seconds(30)

    /// Keeps `password` for `user` at `server`, shown in the keyring's
    /// manager as `label`.
    public static func store(_ password: String, server: String, user: String, label: String) async throws(KeyringError) {
        try await call { csecret_store(server, user, label, password, $0, $1, $2) } finish: { result, error in
            _ = csecret_store_finish(result, error)
        }
    }

    /// The password kept for `user` at `server`, or nil if none is.
    public static func password(server: String, user: String) async throws(KeyringError) -> String? {
        var password: String?
        try await call { csecret_lookup(server, user, $0, $1, $2) } finish: { result, error in
            if let secret = csecret_lookup_finish(result, error) {
                password = String(cString: secret)
                csecret_password_free(secret)
            }
        }
        return password
    }

    /// Forgets the password for `user` at `server`.
    public static func clear(server: String, user: String) async throws(KeyringError) {
        try await call { csecret_clear(server, user, $0, $1, $2) } finish: { result, error in
            _ = csecret_clear_finish(result, error)
        }
    }

    /// `timeout` in whole milliseconds, rounded up.
    private static var timeoutMilliseconds: guint {
        let (seconds, attoseconds) = timeout.components
        return guint(clamping: seconds * 1_000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000)
    }

    /// Throws at once if no Secret Service runs on the session bus or can be
    /// started there: libsecret would otherwise wait for one until `timeout`.
    private static func requireService() throws(KeyringError) {
        var error: UnsafeMutablePointer<GError>?
        guard csecret_service_reachable(&error) == 0 else { return }
        defer { if let error { g_error_free(error) } }
        throw KeyringError(message: error.map { String(cString: $0.pointee.message) }
            ?? "no Secret Service (a keyring such as GNOME Keyring) runs on the session bus")
    }

    /// Starts a libsecret call with a cancellable, a callback and its data,
    /// and once it completes runs `finish` with its result and an error to
    /// fill; cancels it after `timeout`.
    private static func call(
        _ start: (UnsafeMutablePointer<GCancellable>?, GAsyncReadyCallback, gpointer) -> Void,
        finish: @escaping (OpaquePointer?, UnsafeMutablePointer<UnsafeMutablePointer<GError>?>) -> Void
    ) async throws(KeyringError) {
        try requireService()
        let cancellable = g_cancellable_new()
        defer { g_object_unref(cancellable) }
        // A main-loop timer, not a task's sleep: that would start libdispatch's pool.
        let timer = g_timeout_source_new(timeoutMilliseconds)
        defer {
            g_source_destroy(timer)
            g_source_unref(timer)
        }
        g_source_set_callback(timer, { cancellable in
            g_cancellable_cancel(cancellable?.assumingMemoryBound(to: GCancellable.self))
            return 0  // G_SOURCE_REMOVE
        }, g_object_ref(cancellable), { g_object_unref($0) })
        g_source_attach(timer, nil)
        let failure: String? = await withCheckedContinuation { continuation in
            let pending = PendingCall(finish: finish, continuation: continuation)
            start(cancellable, { _, result, data in
                let pending = Unmanaged<PendingCall>.fromOpaque(data!).takeRetainedValue()
                MainActor.assumeIsolated { pending.complete(result) }
            }, Unmanaged.passRetained(pending).toOpaque())
        }
        if let failure { throw KeyringError(message: failure) }
    }
}

/// A libsecret call under way: what to do with its result, and who waits for it.
@MainActor
private final class PendingCall {
    let finish: (OpaquePointer?, UnsafeMutablePointer<UnsafeMutablePointer<GError>?>) -> Void
    let continuation: CheckedContinuation<String?, Never>

    init(finish: @escaping (OpaquePointer?, UnsafeMutablePointer<UnsafeMutablePointer<GError>?>) -> Void,
         continuation: CheckedContinuation<String?, Never>) {
        self.finish = finish
        self.continuation = continuation
    }

    func complete(_ result: OpaquePointer?) {
        var error: UnsafeMutablePointer<GError>?
        finish(result, &error)
        if let error {
            continuation.resume(returning: csecret_error_is_cancelled(error) != 0
                ? "the keyring did not answer within \(Keyring.timeout)" : String(cString: error.pointee.message))
            g_error_free(error)
        } else {
            continuation.resume(returning: nil)
        }
    }
}
