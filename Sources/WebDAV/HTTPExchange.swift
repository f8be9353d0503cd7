import CSoup
import Foundation

/// One request sent through libsoup on the GLib main loop, its answer
/// delivered to an awaiting task: the bridge between libsoup's callback and
/// Swift's `async`.
@MainActor
final class HTTPExchange {
    private let message: OpaquePointer
    private var continuation: CheckedContinuation<(result: Result<HTTPResponse, WebDAVError>, certificate: OfferedCertificate?), Never>?

    private init(message: OpaquePointer) {
        self.message = message
    }

    /// Sends `method` to `url` with `headers` and `body` through `session`, and
    /// returns the answer (any status), or why there was none.
    static func send(
        _ method: String, to url: String, headers: [(String, String)], body: Data?, contentType: String?,
        through session: UnsafeMutablePointer<SoupSession>
    ) async -> Result<HTTPResponse, WebDAVError> {
        await exchange(method, to: url, headers: headers, body: body, contentType: contentType, through: session).result
    }

    /// The certificate the server at `url` offers, if this computer does not
    /// trust it (nil if it does, or no server answered): asked with `OPTIONS`.
    static func offeredCertificate(at url: String, through session: UnsafeMutablePointer<SoupSession>) async -> OfferedCertificate? {
        await exchange("OPTIONS", to: url, headers: [], body: nil, contentType: nil, through: session, keepingCertificate: true).certificate
    }

    private static func exchange(
        _ method: String, to url: String, headers: [(String, String)], body: Data?, contentType: String?,
        through session: UnsafeMutablePointer<SoupSession>, keepingCertificate: Bool = false
    ) async -> (result: Result<HTTPResponse, WebDAVError>, certificate: OfferedCertificate?) {
        guard let message = soup_message_new(method, url) else { return (.failure(.invalidAddress(url)), nil) }
        if keepingCertificate { csoup_message_keep_offered_certificate(message) }
        let requestHeaders = soup_message_get_request_headers(message)
        for (name, value) in headers { soup_message_headers_replace(requestHeaders, name, value) }
        if let body {
            let bytes = body.withUnsafeBytes { csoup_bytes_new($0.baseAddress, gsize($0.count)) }
            soup_message_set_request_body_from_bytes(message, contentType, bytes)
            g_bytes_unref(bytes)
        }
        let exchange = HTTPExchange(message: message)
        return await withCheckedContinuation { continuation in
            exchange.continuation = continuation
            soup_session_send_and_read_async(
                session, message, G_PRIORITY_DEFAULT, nil,
                { source, result, data in
                    let exchange = Unmanaged<HTTPExchange>.fromOpaque(data!).takeRetainedValue()
                    MainActor.assumeIsolated { exchange.finish(session: source.map { UnsafeMutablePointer<SoupSession>(OpaquePointer($0)) }, result: result) }
                },
                Unmanaged.passRetained(exchange).toOpaque())
        }
    }

    private func finish(session: UnsafeMutablePointer<SoupSession>?, result: OpaquePointer?) {
        var error: UnsafeMutablePointer<GError>?
        let bytes = soup_session_send_and_read_finish(session, result, &error)
        defer {
            if let bytes { g_bytes_unref(bytes) }
            csoup_unref(UnsafeMutableRawPointer(message))
        }
        guard let continuation else { return }
        self.continuation = nil
        if let error {
            defer { g_error_free(error) }
            let detail = String(cString: error.pointee.message)
            continuation.resume(returning: (.failure(csoup_error_is_tls(error) != 0 ? .certificate(detail) : .unreachable(detail)), offeredCertificate()))
            return
        }
        var size: gsize = 0
        let body = bytes.flatMap { bytes in csoup_bytes_data(bytes, &size).map { Data(bytes: $0, count: Int(size)) } } ?? Data()
        let etag = soup_message_headers_get_one(soup_message_get_response_headers(message), "ETag").map { String(cString: $0) }
        let reason = soup_message_get_reason_phrase(message).map { String(cString: $0) } ?? ""
        continuation.resume(returning: (.success(HTTPResponse(
            status: Int(soup_message_get_status(message).rawValue), reason: reason, etag: etag, body: body)), nil))
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
