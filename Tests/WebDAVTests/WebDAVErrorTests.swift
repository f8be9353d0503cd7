import Testing
@testable import WebDAV

/// Which failed requests surely left the server as it was: a sync undoes
/// what it began only for those.
@Suite("WebDAV errors")
struct WebDAVErrorTests {
    @Test("an answer refusing the request left the server unchanged", arguments: [401, 403, 404, 409, 412, 423, 500, 501, 503, 507])
    func refused(status: Int) {
        #expect(WebDAVError.status(status, reason: "refused").leftServerUnchanged)
    }

    @Test("no answer, or a gateway's 502 or 504, may have left the request carried out behind it")
    func unknown() {
        #expect(!WebDAVError.unreachable("Connection reset by peer").leftServerUnchanged)
        #expect(!WebDAVError.status(502, reason: "Bad Gateway").leftServerUnchanged)
        #expect(!WebDAVError.status(504, reason: "Gateway Timeout").leftServerUnchanged)
    }
}
