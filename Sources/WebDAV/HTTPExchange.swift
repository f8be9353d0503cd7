import CSoup
import FoundationEssentials

/// One request sent through libsoup on the GLib main loop, its answer read
/// as it streams in and delivered to an awaiting task: the bridge between
/// libsoup's callbacks and Swift's `async`. Every exchange is bounded: a
/// body longer than its limit is cut off unread, and one that has not ended
/// by its deadline is given up on, however slowly the server keeps sending
/// (libsoup's own timeout only notices a server that sends nothing).
@MainActor
final class HTTPExchange {
    /// What an exchange may cost at most.
    struct Bounds {
        /// The longest body taken, in bytes.
        var bodyBytes: Int
        /// How long the whole exchange may take, from sending to the body's last byte.
        var seconds: Double
    }

    private nonisolated(unsafe) let message: OpaquePointer
    private let session: UnsafeMutablePointer<SoupSession>
    private let bounds: Bounds
    private nonisolated(unsafe) let cancellable: UnsafeMutablePointer<GCancellable>
    private var deadline: UnsafeMutablePointer<GSource>?
    private var stream: UnsafeMutablePointer<GInputStream>?
    private var body = Data()
    /// Why the exchange was stopped here, if it was.
    private var stoppedFor: WebDAVError?
    private var continuation: CheckedContinuation<(result: Result<HTTPResponse, WebDAVError>, certificate: OfferedCertificate?), Never>?

    /// How much is read at a time.
    private static let readSize = 256 * 1024

    private init(message: OpaquePointer, session: UnsafeMutablePointer<SoupSession>, bounds: Bounds) {
        self.message = message
        self.session = session
        self.bounds = bounds
        cancellable = csoup_cancellable_new()
    }

    /// Sends `method` to `url` with `headers` and `body` through `session`, and
    /// returns the answer (any status), or why there was none.
    static func send(
        _ method: String, to url: String, headers: [(String, String)], body: Data?, contentType: String?,
        through session: UnsafeMutablePointer<SoupSession>, bounds: Bounds
    ) async -> Result<HTTPResponse, WebDAVError> {
        await exchange(method, to: url, headers: headers, body: body, contentType: contentType, through: session, bounds: bounds).result
    }

    /// The certificate the server at `url` offers, if this computer does not
    /// trust it (nil if it does, or no server answered): asked with `OPTIONS`.
    static func offeredCertificate(at url: String, through session: UnsafeMutablePointer<SoupSession>, bounds: Bounds) async
        -> OfferedCertificate?
    {
        await exchange("OPTIONS", to: url, headers: [], body: nil, contentType: nil, through: session, bounds: bounds).certificate
    }

    private static func exchange(
        _ method: String, to url: String, headers: [(String, String)], body: Data?, contentType: String?,
        through session: UnsafeMutablePointer<SoupSession>, bounds: Bounds
    ) async -> (result: Result<HTTPResponse, WebDAVError>, certificate: OfferedCertificate?) {
        guard let message = csoup_message_new(method, url) else { return (.failure(.invalidAddress(url)), nil) }
        csoup_message_keep_offered_certificate(message)
        let requestHeaders = csoup_message_request_headers(message)
        for (name, value) in headers { csoup_headers_replace(requestHeaders, name, value) }
        if let body {
            let bytes = body.withUnsafeBytes { csoup_bytes_new($0.baseAddress, gsize($0.count)) }
            csoup_message_set_body(message, contentType, bytes)
            g_bytes_unref(bytes)
        }
        let exchange = HTTPExchange(message: message, session: session, bounds: bounds)
        return await withCheckedContinuation { continuation in
            exchange.continuation = continuation
            exchange.start()
        }
    }

    deinit {
        csoup_unref(UnsafeMutableRawPointer(cancellable))
        csoup_unref(UnsafeMutableRawPointer(message))
    }

    // MARK: Steps

    private func start() {
        deadline = csoup_cancel_after(cancellable, guint(min(bounds.seconds * 1000, Double(UInt32.max))))
        csoup_send_async(
            session, message, cancellable,
            { _, result, data in
                let exchange = Unmanaged<HTTPExchange>.fromOpaque(data!).takeRetainedValue()
                MainActor.assumeIsolated { exchange.sent(result) }
            },
            Unmanaged.passRetained(self).toOpaque())
    }

    private func sent(_ result: OpaquePointer?) {
        var error: UnsafeMutablePointer<GError>?
        guard let stream = csoup_send_finish(session, result, &error) else { return fail(error) }
        self.stream = stream
        let declared = csoup_headers_content_length(csoup_message_response_headers(message))
        if declared > bounds.bodyBytes {
            return stop(for: .tooLarge(limit: bounds.bodyBytes))
        }
        readMore()
    }

    private func readMore() {
        guard let stream else { return }
        csoup_read_async(
            stream, gsize(HTTPExchange.readSize), cancellable,
            { _, result, data in
                let exchange = Unmanaged<HTTPExchange>.fromOpaque(data!).takeRetainedValue()
                MainActor.assumeIsolated { exchange.read(result) }
            },
            Unmanaged.passRetained(self).toOpaque())
    }

    private func read(_ result: OpaquePointer?) {
        var error: UnsafeMutablePointer<GError>?
        guard let bytes = csoup_read_finish(stream, result, &error) else { return fail(error) }
        defer { g_bytes_unref(bytes) }
        var size: gsize = 0
        guard let data = csoup_bytes_data(bytes, &size), size > 0 else { return succeed() }
        guard body.count + Int(size) <= bounds.bodyBytes else { return stop(for: .tooLarge(limit: bounds.bodyBytes)) }
        body.append(data.assumingMemoryBound(to: UInt8.self), count: Int(size))
        readMore()
    }

    /// Ends the exchange here, for `reason`: what is still to come is not read.
    private func stop(for reason: WebDAVError) {
        stoppedFor = reason
        csoup_cancel(cancellable)
        finish(.failure(reason))
    }

    private func fail(_ error: UnsafeMutablePointer<GError>?) {
        defer { if let error { g_error_free(error) } }
        if let stoppedFor { return finish(.failure(stoppedFor)) }
        guard let error else { return finish(.failure(.unreachable("no answer"))) }
        let detail = String(cString: error.pointee.message)
        if csoup_error_is_cancelled(error) != 0 { return finish(.failure(.timedOut(seconds: bounds.seconds))) }
        if csoup_error_is_tls(error) != 0 {
            let faults = CertificateFaults(rawValue: csoup_message_certificate_errors(message))
            let offered = offeredCertificate()
            let problem: CertificateProblem = !faults.isEmpty ? .faults(faults) : offered == nil ? .noCertificate(detail) : .other(detail)
            return finish(.failure(.certificate(problem)), certificate: offered)
        }
        finish(.failure(.unreachable(detail)))
    }

    private func succeed() {
        let headers = csoup_message_response_headers(message)
        let header = { (name: String) in csoup_headers_get_one(headers, name).map { String(cString: $0) } }
        let reason = csoup_message_reason(message).map { String(cString: $0) } ?? ""
        finish(.success(HTTPResponse(
            status: Int(csoup_message_status(message)), reason: reason, etag: header("ETag"),
            lockToken: header("Lock-Token"), date: header("Date"), body: body)))
    }

    private func finish(_ result: Result<HTTPResponse, WebDAVError>, certificate: OfferedCertificate? = nil) {
        if let deadline {
            csoup_source_stop(deadline)
            self.deadline = nil
        }
        if let stream {
            csoup_unref(UnsafeMutableRawPointer(stream))
            self.stream = nil
        }
        guard let continuation else { return }
        self.continuation = nil
        continuation.resume(returning: (result, certificate))
    }

    /// The certificate the message was offered and did not trust, if it kept one.
    private func offeredCertificate() -> OfferedCertificate? {
        var pem: UnsafeMutablePointer<gchar>?
        var sha256: UnsafeMutablePointer<gchar>?
        var unknownAuthority: gboolean = 0
        var otherErrors: gboolean = 0
        guard csoup_message_offered_certificate(message, &pem, &sha256, &unknownAuthority, &otherErrors) != 0 else { return nil }
        defer {
            g_free(pem)
            g_free(sha256)
        }
        return OfferedCertificate(
            pem: pem.map { String(cString: $0) } ?? "", sha256: sha256.map { String(cString: $0) } ?? "",
            onlyUnknownAuthority: unknownAuthority != 0 && otherErrors == 0)
    }
}
