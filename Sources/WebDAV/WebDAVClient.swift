import CSoup
import CXML
public import FoundationEssentials

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
    /// Whether a certificate of the server's own is trusted for it (`init`'s
    /// `trustedCertificates`): one it does not know then is another one.
    private let trustsOwnCertificate: Bool

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
        trustsOwnCertificate = trustedCertificates != nil
        if let trustedCertificates {
            var error: UnsafeMutablePointer<GError>?
            if csoup_session_trust_file(session, trustedCertificates, &error) == 0 {
                let detail = error.map { String(cString: $0.pointee.message) } ?? trustedCertificates
                if let error { g_error_free(error) }
                throw .certificate(.unreadableTrust(detail))
            }
        }
    }

    deinit {
        csoup_unref(session)
    }

    /// The files of the folder and of every folder in it, at any depth, each
    /// named by its path in the folder ("Work/plan.md"): one `PROPFIND Depth:
    /// 1` per folder, as Nextcloud's Notes apps keep categories. Hidden
    /// folders (".name") are passed over, as those apps pass them over. A
    /// folder inside whose listing fails on its own account is set down as
    /// unlisted (`UnlistedFolder`), and the others are listed. Folders more
    /// than `maximumDepth` deep (a link to a folder above, which some servers
    /// follow, makes a tree without end) end the listing.
    public func listTree() async throws(WebDAVError) -> RemoteTree {
        var tree = RemoteTree(files: [], folders: [])
        var waiting = [""]
        while let path = waiting.popLast() {
            let listed: (files: [RemoteFile], folders: [String])
            do throws(WebDAVError) {
                listed = try await list(path)
            } catch where !path.isEmpty && UnlistedFolder.concernsOneFolder(error) {
                tree.unlisted.append(UnlistedFolder(path: path, error: error))
                continue
            }
            tree.files += listed.files
            for folder in listed.folders where !folder.split(separator: "/").last!.hasPrefix(".") {
                guard folder.split(separator: "/").count <= WebDAVClient.maximumDepth else {
                    throw .malformedListing("folders nested more than \(WebDAVClient.maximumDepth) deep, at “\(folder)”: a link to a folder above it?")
                }
                tree.folders.append(folder)
                waiting.append(folder)
            }
        }
        tree.folders.sort()
        tree.unlisted.sort { $0.path < $1.path }
        return tree
    }

    /// How deep folders go in a listed tree: far deeper than any person's
    /// categories, far short of a path a server refuses.
    static let maximumDepth = 32

    /// The files (by path in the folder) and the folders directly in the
    /// folder's sub-folder `path` ("" for the folder itself).
    private func list(_ path: String) async throws(WebDAVError) -> (files: [RemoteFile], folders: [String]) {
        let url = path.isEmpty ? folder : url(of: path) + "/"
        let response = try await propfind(url, depth: "1", bounds: WebDAVClient.listingBounds)
        let listedPath = WebDAVClient.decodedPath(of: url)
        let prefix = path.isEmpty ? "" : path + "/"
        let body = response.body
        let listedAt = response.date
        let found = await Task.detached { () -> Result<(files: [RemoteFile], folders: [String]), WebDAVError> in
            Result { () throws(WebDAVError) in
                var files: [RemoteFile] = [], folders: [String] = []
                for entry in try MultistatusListing.entries(in: body) {
                    guard let name = WebDAVClient.name(of: WebDAVClient.decodedPath(of: entry.href), in: listedPath) else { continue }
                    if entry.isCollection {
                        folders.append(prefix + name)
                    } else {
                        files.append(WebDAVClient.file(named: prefix + name, entry, listedAt: listedAt))
                    }
                }
                return (files, folders)
            }
        }.value
        return try found.get()
    }

    /// The file `name` as a listing would describe it now (`PROPFIND Depth:
    /// 0`), or nil if there is none.
    public func file(_ name: String) async throws(WebDAVError) -> RemoteFile? {
        let response: HTTPResponse
        do {
            response = try await propfind(url(of: name), depth: "0", bounds: WebDAVClient.smallBounds)
        } catch .notFound {
            return nil
        }
        guard let entry = try MultistatusListing.entries(in: response.body).first, !entry.isCollection else { return nil }
        return WebDAVClient.file(named: name, entry, listedAt: response.date)
    }

    /// Checks that the folder is there and the credentials are accepted (`PROPFIND Depth: 0`).
    public func checkFolder() async throws(WebDAVError) {
        let response = try await propfind(folder, depth: "0", bounds: WebDAVClient.smallBounds)
        _ = try MultistatusListing.entries(in: response.body)
    }

    /// The certificate the server offers, if this computer does not trust it
    /// (nil if it does, or if no server answers): for a person to check before
    /// trusting it (`init`'s `trustedCertificates`).
    public func offeredCertificate() async -> OfferedCertificate? {
        requestCount += 1
        return await HTTPExchange.offeredCertificate(at: folder, through: session, bounds: WebDAVClient.smallBounds)
    }

    /// The content of the file `name`, and its entity tag: at most
    /// `limit` bytes (`.tooLarge` if it is longer, read no further), within a
    /// deadline that allows for `expectedSize` bytes (`.timedOut` after it).
    public func read(_ name: String, atMost limit: Int = .max, expectedSize: Int? = nil) async throws(WebDAVError)
        -> (data: Data, etag: String?)
    {
        let expected = min(max(expectedSize ?? 0, 0), limit)
        let response = try await send("GET", url(of: name), bounds: WebDAVClient.bounds(forBytes: expected, atMost: limit))
        return (response.body, response.etag)
    }

    /// Writes `data` as the file `name` if `condition` holds (412, `.preconditionFailed`, if not;
    /// nil writes whatever the server holds, for a server that gives no entity tags),
    /// under `lock` if one is held on it. Returns the new version's entity tag, if the server gave one.
    @discardableResult
    public func write(_ data: Data, to name: String, if condition: WriteCondition?, under lock: FileLock? = nil) async throws(WebDAVError)
        -> String?
    {
        var headers = condition.map { [WebDAVClient.header(for: $0)] } ?? []
        if let lock { headers.append(WebDAVClient.ifHeader(lock)) }
        let response = try await send(
            "PUT", url(of: name), headers: headers, body: data, contentType: "text/markdown; charset=utf-8",
            bounds: WebDAVClient.bounds(forBytes: data.count))
        return response.etag
    }

    /// Removes the file `name` if it is still the version `etag` (412 if not;
    /// nil removes whatever version is there), under `lock` if one is held on
    /// it. A file already gone counts as removed.
    public func delete(_ name: String, ifUnchanged etag: String?, under lock: FileLock? = nil) async throws(WebDAVError) {
        var headers = etag.map { [WebDAVClient.header(for: .unchanged(etag: $0))] } ?? []
        if let lock { headers.append(WebDAVClient.ifHeader(lock)) }
        do {
            _ = try await send("DELETE", url(of: name), headers: headers)
        } catch .notFound {
            return
        }
    }

    /// Renames the file `name` to `newName` in one request (`MOVE`), if it is
    /// still the version `etag` (nil: whatever version is there) and nothing
    /// has the new name yet (412, `.preconditionFailed`, if either is not so),
    /// under `locks` if any are held (on the file, and on the new name, which
    /// rclone's server asks for, and which the move then replaces: `overwriting`).
    /// Anyone listing the folder sees the file under one name or the other, never both.
    public func move(
        _ name: String, to newName: String, ifUnchanged etag: String?, under locks: [FileLock] = [], overwriting: Bool = false
    ) async throws(WebDAVError) {
        var headers = [("Destination", url(of: newName)), ("Overwrite", overwriting ? "T" : "F")]
        if let etag { headers.append(WebDAVClient.header(for: .unchanged(etag: etag))) }
        if !locks.isEmpty { headers.append(("If", "(" + locks.map(\.token).joined(separator: " ") + ")")) }
        _ = try await send("MOVE", url(of: name), headers: headers)
    }

    /// Takes an exclusive write lock on the file `name` for `seconds` (making
    /// an empty file if there is none): until it is let go (`unlock`), the
    /// server refuses other clients' writes to it. `.locked` if someone else holds one.
    public func lock(_ name: String, seconds: Int = 60) async throws(WebDAVError) -> FileLock {
        let response = try await send(
            "LOCK", url(of: name), headers: [("Timeout", "Second-\(seconds)"), ("Depth", "0")], body: WebDAVClient.lockBody,
            contentType: "application/xml; charset=utf-8")
        guard let token = response.lockToken else { throw .server(status: response.status, reason: "no lock token in the answer") }
        return FileLock(name: name, token: token, madeTheFile: response.status == 201)
    }

    /// Lets go of `lock` (a lock already gone counts as let go).
    public func unlock(_ lock: FileLock) async throws(WebDAVError) {
        do {
            _ = try await send("UNLOCK", url(of: lock.name), headers: [("Lock-Token", lock.token)])
        } catch .notFound {
            return
        } catch .server(409, _) {
            return  // no such lock (it timed out)
        }
    }

    /// Sets Quire's dead property `renamed-from` on the file `name` (the name
    /// it had, so that another Quire sees a rename, not a removal and a new
    /// file). Returns whether the server keeps it (nginx keeps none).
    public func markRenamed(_ name: String, from oldName: String) async throws(WebDAVError) -> Bool {
        try await setProperty(
            "renamed-from", in: MultistatusListing.Element.quireNamespace, to: RemoteName.encodedSegment(oldName), of: name)
    }

    /// Finds out how the server keeps one client's write from replacing
    /// another's (`WriteSafety`), with a hidden file written, written again
    /// under a false precondition, locked and removed. Throws if the folder
    /// cannot be written at all.
    public func probeWriteSafety() async throws(WebDAVError) -> WriteSafety {
        let probe = ".quire-write-check-\(UInt32.random(in: 0...UInt32.max))"
        try await write(Data("check".utf8), to: probe, if: nil)
        let safety = await writeSafety(probing: probe)
        try await delete(probe, ifUnchanged: nil)
        return safety
    }

    /// `probeWriteSafety`'s finding, with the file `probe` written.
    private func writeSafety(probing probe: String) async -> WriteSafety {
        let falseVersion = "\"quire-no-such-version\""
        let honoursMatch = await fails(with: .preconditionFailed) { () async throws(WebDAVError) in
            try await self.write(Data("overwritten".utf8), to: probe, if: .unchanged(etag: falseVersion))
        }
        let honoursAbsent = await fails(with: .preconditionFailed) { () async throws(WebDAVError) in
            try await self.write(Data("overwritten".utf8), to: probe, if: .absent)
        }
        if honoursMatch && honoursAbsent { return .preconditions }
        guard let lock = try? await lock(probe) else { return .none }
        let honoursLock = await fails(with: .locked) { () async throws(WebDAVError) in
            try await self.write(Data("overwritten".utf8), to: probe, if: nil)
        }
        try? await unlock(lock)
        return honoursLock ? .locks : .none
    }

    /// Whether `request` fails with `expected` (and not some other way).
    private func fails(with expected: WebDAVError, _ request: () async throws(WebDAVError) -> Void) async -> Bool {
        do {
            try await request()
            return false
        } catch {
            return error == expected
        }
    }

    /// The document at `url` (on the same server, signed in the same way), at
    /// most a megabyte: a web app's answer beside the folder, such as the
    /// Nextcloud Notes app's settings.
    public func document(at url: String) async throws(WebDAVError) -> Data {
        try await send("GET", url, headers: [("Accept", "application/json"), ("OCS-APIRequest", "true")]).body
    }

    /// Creates the folder (`MKCOL`); its parent must exist.
    public func createFolder() async throws(WebDAVError) {
        _ = try await send("MKCOL", folder)
    }

    /// Creates the folder's sub-folder `path` ("Recipes/Cakes"), and those
    /// above it that are missing; one already there counts as made.
    public func createFolder(_ path: String) async throws(WebDAVError) {
        var made = ""
        for part in path.split(separator: "/") {
            made = made.isEmpty ? String(part) : made + "/" + part
            do {
                _ = try await send("MKCOL", url(of: made) + "/")
            } catch .server(405, _) {
                continue  // already there
            }
        }
    }

    /// Removes the folder's sub-folder `path` if it holds nothing (a listing
    /// of it shows no entry but itself); returns whether it did. A folder that
    /// holds anything stays, whatever it holds.
    public func removeFolderIfEmpty(_ path: String) async throws(WebDAVError) -> Bool {
        let (files, folders) = try await list(path)
        guard files.isEmpty && folders.isEmpty else { return false }
        _ = try await send("DELETE", url(of: path) + "/", headers: [("Depth", "infinity")])
        return true
    }

    /// Stars the file `name`, or takes its star away (`oc:favorite` by
    /// `PROPPATCH`: Nextcloud's favourites; other servers keep it as any
    /// property, if they keep properties). Returns whether the server kept it.
    public func setFavorite(_ favorite: Bool, of name: String) async throws(WebDAVError) -> Bool {
        try await setProperty("favorite", in: MultistatusListing.Element.ownCloudNamespace, to: favorite ? "1" : "0", of: name)
    }

    /// Sets the property `property` of `namespace` on the file `name` to
    /// `value` (already safe in XML), by `PROPPATCH`; whether the server kept
    /// it (a propstat of 200), false where it keeps no such property.
    private func setProperty(_ property: String, in namespace: String, to value: String, of name: String) async throws(WebDAVError)
        -> Bool
    {
        let body = Data("""
            <?xml version="1.0" encoding="utf-8"?>
            <d:propertyupdate xmlns:d="DAV:" xmlns:p="\(namespace)"><d:set><d:prop><p:\(property)>\(value)</p:\(property)>\
            </d:prop></d:set></d:propertyupdate>
            """.utf8)
        do {
            let response = try await send("PROPPATCH", url(of: name), body: body, contentType: "application/xml; charset=utf-8")
            return response.status == 207 && String(decoding: response.body, as: UTF8.self).contains(" 200 ")
        } catch .server(405, _), .server(501, _), .forbidden {
            return false
        }
    }

    // MARK: Requests

    private static let propfindBody = Data("""
        <?xml version="1.0" encoding="utf-8"?>
        <d:propfind xmlns:d="DAV:" xmlns:q="\(MultistatusListing.Element.quireNamespace)" xmlns:oc="\(MultistatusListing.Element.ownCloudNamespace)">\
        <d:prop><d:resourcetype/><d:getetag/><d:getcontentlength/><d:getlastmodified/><q:renamed-from/><oc:favorite/><oc:fileid/>\
        </d:prop></d:propfind>
        """.utf8)

    private static let lockBody = Data("""
        <?xml version="1.0" encoding="utf-8"?>
        <d:lockinfo xmlns:d="DAV:"><d:lockscope><d:exclusive/></d:lockscope><d:locktype><d:write/></d:locktype>\
        <d:owner>Quire</d:owner></d:lockinfo>
        """.utf8)

    /// How long a request may take, and how long an answer may be, when
    /// nothing larger is expected: a server that sends a megabyte of answer
    /// to a write, or dribbles its answer out for minutes, is given up on.
    static let smallBounds = HTTPExchange.Bounds(bodyBytes: 1 << 20, seconds: 30)
    /// A listing of a folder: 200,000 files are some 100 MB of XML.
    static let listingBounds = HTTPExchange.Bounds(bodyBytes: 512 << 20, seconds: 300)

    /// Bounds for a request that moves `bytes` bytes, whose answer may be
    /// `limit` bytes long: half a minute, and a second for each 100 KB.
    static func bounds(forBytes bytes: Int, atMost limit: Int = 1 << 20) -> HTTPExchange.Bounds {
        HTTPExchange.Bounds(bodyBytes: limit, seconds: 30 + Double(bytes) / 100_000)
    }

    private func propfind(_ url: String, depth: String, bounds: HTTPExchange.Bounds) async throws(WebDAVError) -> HTTPResponse {
        let response = try await send(
            "PROPFIND", url, headers: [("Depth", depth)], body: WebDAVClient.propfindBody,
            contentType: "application/xml; charset=utf-8", bounds: bounds)
        guard response.status == 207 else {
            throw .malformedListing("the server answered \(response.status) \(response.reason), not a WebDAV listing")
        }
        return response
    }

    private func send(
        _ method: String, _ url: String, headers: [(String, String)] = [], body: Data? = nil, contentType: String? = nil,
        bounds: HTTPExchange.Bounds = WebDAVClient.smallBounds
    ) async throws(WebDAVError) -> HTTPResponse {
        requestCount += 1
        let result = await HTTPExchange.send(
            method, to: url, headers: [("Authorization", authorization)] + headers, body: body, contentType: contentType,
            through: session, bounds: bounds)
        let response: HTTPResponse
        do {
            response = try result.get()
        } catch .certificate(.faults(.unknownAuthority)) where trustsOwnCertificate {
            throw .certificate(.changedSinceTrusted)
        }
        guard response.succeeded else { throw WebDAVError.status(response.status, reason: response.reason) }
        return response
    }

    private static func header(for condition: WriteCondition) -> (String, String) {
        switch condition {
        case .absent: ("If-None-Match", "*")
        case let .unchanged(etag): ("If-Match", etag)
        }
    }

    /// The `If` header that names `lock`'s token, for a write under it.
    private static func ifHeader(_ lock: FileLock) -> (String, String) { ("If", "(\(lock.token))") }

    /// The URL of the file `name` in the folder (a path in it: "Work/plan.md"),
    /// each part percent-encoded whole, byte for byte.
    func url(of name: String) -> String {
        folder + name.split(separator: "/", omittingEmptySubsequences: false).map { RemoteName.encodedSegment(String($0)) }
            .joined(separator: "/")
    }

    /// A listed entry's file, named `name`, from a listing answered at `listedAt`.
    nonisolated static func file(named name: String, _ entry: MultistatusListing.Entry, listedAt: String?) -> RemoteFile {
        RemoteFile(
            name: name, etag: entry.etag, size: entry.size, lastModified: entry.lastModified,
            version: RemoteFile.version(etag: entry.etag, size: entry.size, lastModified: entry.lastModified, listedAt: listedAt),
            renamedFrom: entry.renamedFrom.map { RemoteName.decode(Array(WebDAVClient.decodedBytes(of: $0))) },
            favorite: entry.favorite, fileID: entry.fileID)
    }

    /// The name of the file at the decoded `path` if it lies directly in the
    /// folder at `folderPath`; nil for the folder itself and anything elsewhere.
    nonisolated static func name(of path: String, in folderPath: String) -> String? {
        let prefix = folderPath + "/"
        guard path.hasPrefix(prefix) else { return nil }
        let name = String(path.dropFirst(prefix.count))
        return name.isEmpty || name.contains("/") ? nil : name
    }

    /// The decoded path of an href or URL, without a final "/", its bytes
    /// kept exactly (`RemoteName`). By hand: Foundation's URL and percent
    /// decoding were a tenth of reading a listing.
    nonisolated static func decodedPath(of href: String) -> String {
        RemoteName.decode(decodedBytes(of: href))
    }

    /// The bytes of `decodedPath(of:)`.
    nonisolated static func decodedBytes(of href: String) -> [UInt8] {
        var bytes = Array(href.utf8)
        let slash = UInt8(ascii: "/")
        if bytes.first != slash, let colon = bytes.firstIndex(of: UInt8(ascii: ":")),
           bytes[colon...].starts(with: [UInt8(ascii: ":"), slash, slash]) {
            // An absolute URL: its path starts at the first "/" after "scheme://".
            let pathStart = bytes[(colon + 3)...].firstIndex(of: slash) ?? bytes.endIndex
            bytes = Array(bytes[pathStart...])
        }
        while bytes.last == UInt8(ascii: "/") { bytes.removeLast() }
        guard bytes.contains(UInt8(ascii: "%")) else { return bytes }
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
        return decoded
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
