import CSoup
import CXML
public import Foundation

/// A folder on a WebDAV server (Nextcloud, ownCloud, Apache's mod_dav,
/// nginx, rclone): list its files, read, write and remove them, every write
/// conditional on the version last seen. Requests run asynchronously on the
/// GLib main loop through libsoup; nothing waits on the network.
@MainActor
public final class WebDAVClient {
    /// The folder's URL, ending in "/".
    public let folder: String
    /// How many requests this client has sent.
    public private(set) var requestCount = 0
    private nonisolated(unsafe) let session: UnsafeMutablePointer<SoupSession>
    private let authorization: String

    /// A client for the folder at `folder` (an http or https URL), signing in
    /// as `user` with `password` (HTTP Basic). `trustedCertificates`, a PEM
    /// file, replaces the system's certificate authorities (a server with a
    /// certificate of its own).
    public init(folder: String, user: String, password: String, trustedCertificates: String? = nil) throws(WebDAVError) {
        guard let url = URL(string: folder), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme),
              url.host?.isEmpty == false
        else { throw .invalidAddress(folder) }
        self.folder = folder.hasSuffix("/") ? folder : folder + "/"
        xmlInitParser()  // once, on the main thread, before listings are parsed on others
        session = csoup_session_new("Quire", 30)
        let credentials = Data("\(user):\(password)".utf8).base64EncodedString()
        authorization = "Basic \(credentials)"
        if let trustedCertificates {
            var error: UnsafeMutablePointer<GError>?
            if csoup_session_trust_file(session, trustedCertificates, &error) == 0 {
                let detail = error.map { String(cString: $0.pointee.message) } ?? trustedCertificates
                if let error { g_error_free(error) }
                throw .certificate(detail)
            }
        }
    }

    deinit {
        csoup_unref(session)
    }

    /// The files in the folder (not its sub-folders): one `PROPFIND Depth: 1`,
    /// its answer read off the main thread (10,000 files are megabytes of XML).
    public func list() async throws(WebDAVError) -> [RemoteFile] {
        let response = try await propfind(depth: "1")
        let folderPath = WebDAVClient.decodedPath(of: folder)
        let body = response.body
        let files = await Task.detached { () -> Result<[RemoteFile], WebDAVError> in
            Result { () throws(WebDAVError) in
                try MultistatusListing.entries(in: body).compactMap { entry in
                    guard !entry.isCollection else { return nil }
                    let path = WebDAVClient.decodedPath(of: entry.href)
                    guard path != folderPath, let name = WebDAVClient.lastComponent(of: path) else { return nil }
                    return RemoteFile(name: name, etag: entry.etag, size: entry.size, lastModified: entry.lastModified)
                }
            }
        }.value
        return try files.get()
    }

    /// Checks that the folder is there and the credentials are accepted (`PROPFIND Depth: 0`).
    public func checkFolder() async throws(WebDAVError) {
        let response = try await propfind(depth: "0")
        _ = try MultistatusListing.entries(in: response.body)
    }

    /// The certificate the server offers, if this computer does not trust it
    /// (nil if it does, or if no server answers): for a person to check before
    /// trusting it (`init`'s `trustedCertificates`).
    public func offeredCertificate() async -> OfferedCertificate? {
        requestCount += 1
        return await HTTPExchange.offeredCertificate(at: folder, through: session)
    }

    /// The content of the file `name`, and its entity tag.
    public func read(_ name: String) async throws(WebDAVError) -> (data: Data, etag: String?) {
        let response = try await send("GET", url(of: name))
        return (response.body, response.etag)
    }

    /// Writes `data` as the file `name` if `condition` holds (412, `.preconditionFailed`, if not;
    /// nil writes whatever the server holds, for a server that gives no entity tags).
    /// Returns the new version's entity tag, if the server gave one.
    @discardableResult
    public func write(_ data: Data, to name: String, if condition: WriteCondition?) async throws(WebDAVError) -> String? {
        let response = try await send(
            "PUT", url(of: name), headers: condition.map { [WebDAVClient.header(for: $0)] } ?? [], body: data,
            contentType: "text/markdown; charset=utf-8")
        return response.etag
    }

    /// Removes the file `name` if it is still the version `etag` (412 if not).
    /// A file already gone counts as removed.
    public func delete(_ name: String, ifUnchanged etag: String) async throws(WebDAVError) {
        do {
            _ = try await send("DELETE", url(of: name), headers: [WebDAVClient.header(for: .unchanged(etag: etag))])
        } catch .notFound {
            return
        }
    }

    /// Renames the file `name` to `newName` in one request (`MOVE`), if it is
    /// still the version `etag` and nothing has the new name yet (412,
    /// `.preconditionFailed`, if either is not so). Anyone listing the folder
    /// sees the file under one name or the other, never both.
    public func move(_ name: String, to newName: String, ifUnchanged etag: String) async throws(WebDAVError) {
        _ = try await send(
            "MOVE", url(of: name),
            headers: [("Destination", url(of: newName)), ("Overwrite", "F"), WebDAVClient.header(for: .unchanged(etag: etag))])
    }

    /// Creates the folder (`MKCOL`); its parent must exist.
    public func createFolder() async throws(WebDAVError) {
        _ = try await send("MKCOL", folder)
    }

    // MARK: Requests

    private static let propfindBody = Data("""
        <?xml version="1.0" encoding="utf-8"?>
        <d:propfind xmlns:d="DAV:"><d:prop><d:resourcetype/><d:getetag/><d:getcontentlength/><d:getlastmodified/></d:prop></d:propfind>
        """.utf8)

    private func propfind(depth: String) async throws(WebDAVError) -> HTTPResponse {
        let response = try await send(
            "PROPFIND", folder, headers: [("Depth", depth)], body: WebDAVClient.propfindBody,
            contentType: "application/xml; charset=utf-8")
        guard response.status == 207 else {
            throw .malformedListing("the server answered \(response.status) \(response.reason), not a WebDAV listing")
        }
        return response
    }

    private func send(
        _ method: String, _ url: String, headers: [(String, String)] = [], body: Data? = nil, contentType: String? = nil
    ) async throws(WebDAVError) -> HTTPResponse {
        requestCount += 1
        let result = await HTTPExchange.send(
            method, to: url, headers: [("Authorization", authorization)] + headers, body: body, contentType: contentType,
            through: session)
        let response = try result.get()
        guard response.succeeded else { throw WebDAVError.status(response.status, reason: response.reason) }
        return response
    }

    private static func header(for condition: WriteCondition) -> (String, String) {
        switch condition {
        case .absent: ("If-None-Match", "*")
        case let .unchanged(etag): ("If-Match", etag)
        }
    }

    /// The URL of the file `name` in the folder, its name percent-encoded whole.
    func url(of name: String) -> String {
        folder + (name.addingPercentEncoding(withAllowedCharacters: WebDAVClient.unreserved) ?? name)
    }

    /// The characters a path segment keeps as they are (RFC 3986's unreserved).
    private static let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    /// The decoded path of an href or URL, without a final "/" (by hand:
    /// Foundation's URL and percent decoding were a tenth of reading a listing).
    nonisolated static func decodedPath(of href: String) -> String {
        var bytes = Array(href.utf8)
        let slash = UInt8(ascii: "/")
        if bytes.first != slash, let colon = bytes.firstIndex(of: UInt8(ascii: ":")),
           bytes[colon...].starts(with: [UInt8(ascii: ":"), slash, slash]) {
            // An absolute URL: its path starts at the first "/" after "scheme://".
            let pathStart = bytes[(colon + 3)...].firstIndex(of: slash) ?? bytes.endIndex
            bytes = Array(bytes[pathStart...])
        }
        while bytes.last == UInt8(ascii: "/") { bytes.removeLast() }
        guard bytes.contains(UInt8(ascii: "%")) else { return String(decoding: bytes, as: UTF8.self) }
        var decoded: [UInt8] = []
        decoded.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "%"), index + 2 < bytes.count,
               let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2]) {
                decoded.append(high << 4 | low)
                index += 3
            } else {
                decoded.append(bytes[index])
                index += 1
            }
        }
        return String(decoding: decoded, as: UTF8.self)
    }

    /// The last part of a decoded `path` ("b.md" of "/a/b.md"), nil if it has none.
    nonisolated static func lastComponent(of path: String) -> String? {
        let utf8 = path.utf8
        let start = utf8.lastIndex(of: UInt8(ascii: "/")).map(utf8.index(after:)) ?? utf8.startIndex
        return start == utf8.endIndex ? nil : String(path[start...])
    }

    private nonisolated static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
