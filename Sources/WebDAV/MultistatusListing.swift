import CXML
import FoundationEssentials

/// Reads a WebDAV `207 Multi-Status` answer to `PROPFIND Depth: 1` into the
/// files of the folder: each response's href, entity tag, size, date and
/// whether it is a collection, from the properties found (status 200).
/// Parsed by libxml2's SAX parser, its callbacks taking C strings: through
/// Foundation's `XMLParser`, whose callbacks make a Swift string and a
/// dictionary of each element, a listing of 10,000 files took 80 ms.
final class MultistatusListing {
    /// One `<response>` of the answer.
    struct Entry {
        var href = ""
        var etag: String?
        var size: Int?
        var lastModified: String?
        var isCollection = false
        /// The name this file had before another Quire renamed it (Quire's dead property, where the server keeps them).
        var renamedFrom: String?
        /// Whether the file is starred (ownCloud's and Nextcloud's `oc:favorite`), if the server said.
        var favorite: Bool?
        /// The server's identifier of the file, the same after a move (Nextcloud's `oc:fileid`).
        var fileID: String?
    }

    private var entries: [Entry] = []
    private var current: Entry?
    private var propstat = Entry()
    private var propstatStatus: Int?
    private var text: [UInt8] = []
    private var sawMultistatus = false
    private var sawMultistatusEnd = false
    private var firstError: String?

    /// The entries of `data`; throws `WebDAVError.malformedListing` if it is not a multistatus answer.
    static func entries(in data: Data) throws(WebDAVError) -> [Entry] {
        let listing = MultistatusListing()
        var handler = cxml_sax2_handler()
        handler.startElementNs = { context, name, _, namespace, _, _, _, _, _ in
            MultistatusListing.of(context).start(Element.named(name, in: namespace))
        }
        handler.endElementNs = { context, name, _, namespace in
            MultistatusListing.of(context).end(Element.named(name, in: namespace))
        }
        handler.characters = { context, bytes, length in
            guard let bytes else { return }
            MultistatusListing.of(context).text.append(contentsOf: UnsafeBufferPointer(start: bytes, count: Int(length)))
        }
        handler.cdataBlock = handler.characters
        handler.serror = { context, error in
            guard let error, let message = error.pointee.message else { return }
            let listing = MultistatusListing.of(context)
            if listing.firstError == nil {
                listing.firstError = MultistatusListing.trimmed(Array(String(cString: message).utf8))
            }
        }
        let failed = withExtendedLifetime(listing) {
            data.withUnsafeBytes { bytes in
                xmlSAXUserParseMemory(
                    &handler, Unmanaged.passUnretained(listing).toOpaque(),
                    bytes.baseAddress?.assumingMemoryBound(to: CChar.self), Int32(clamping: bytes.count)) != 0
            }
        }
        if failed || listing.firstError != nil { throw .malformedListing(listing.firstError ?? "not XML") }
        guard listing.sawMultistatus else { throw .malformedListing("no multistatus element") }
        // libxml2 may let a document cut short pass; its end must be there.
        guard listing.sawMultistatusEnd else { throw .malformedListing("the answer ends before its multistatus element does") }
        return listing.entries
    }

    /// The listing a callback's context points to.
    private static func of(_ context: UnsafeMutableRawPointer?) -> MultistatusListing {
        Unmanaged<MultistatusListing>.fromOpaque(context!).takeUnretainedValue()
    }

    /// The elements a listing is read from: WebDAV's own ("DAV:"), Quire's
    /// dead property and ownCloud's star.
    enum Element {
        case multistatus, response, href, propstat, status, collection, getetag, getcontentlength, getlastmodified
        case renamedFrom, favorite, fileID

        /// Quire's namespace, for the properties it keeps on a server.
        static let quireNamespace = "https://quire.github.io/ns/sync"
        /// ownCloud's and Nextcloud's namespace.
        static let ownCloudNamespace = "http://owncloud.org/ns"

        /// The element named `name` (UTF-8, NUL-terminated) in the namespace
        /// `namespace`, if it is one of these: compared as C strings, for a
        /// listing calls this twice for each of its hundred thousand elements.
        static func named(_ name: UnsafePointer<xmlChar>?, in namespace: UnsafePointer<xmlChar>?) -> Element? {
            guard let name, let namespace else { return nil }
            let space = UnsafeRawPointer(namespace).assumingMemoryBound(to: CChar.self)
            let table = strcmp(space, "DAV:") == 0 ? names
                : strcmp(space, quireNamespace) == 0 ? quireNames
                : strcmp(space, ownCloudNamespace) == 0 ? ownCloudNames : []
            let length = strlen(UnsafeRawPointer(name).assumingMemoryBound(to: CChar.self))
            return table.first { $0.name.utf8CodeUnitCount == length && memcmp($0.name.utf8Start, name, length) == 0 }?.element
        }

        private static let names: [(name: StaticString, element: Element)] = [
            ("href", .href), ("getetag", .getetag), ("getcontentlength", .getcontentlength),
            ("getlastmodified", .getlastmodified), ("status", .status), ("propstat", .propstat),
            ("response", .response), ("collection", .collection), ("multistatus", .multistatus),
        ]
        private static let quireNames: [(name: StaticString, element: Element)] = [("renamed-from", .renamedFrom)]
        private static let ownCloudNames: [(name: StaticString, element: Element)] = [("favorite", .favorite), ("fileid", .fileID)]
    }

    private func start(_ element: Element?) {
        text.removeAll(keepingCapacity: true)
        switch element {
        case .multistatus: sawMultistatus = true
        case .response: current = Entry()
        case .propstat:
            propstat = Entry()
            propstatStatus = nil
        case .collection: propstat.isCollection = true
        default: break
        }
    }

    private func end(_ element: Element?) {
        defer { text.removeAll(keepingCapacity: true) }
        guard let element else { return }
        switch element {
        case .href: if current != nil, current?.href.isEmpty == true { current?.href = value() }
        case .getetag:
            let etag = value()
            propstat.etag = etag.isEmpty ? nil : MultistatusListing.quoted(etag)
        case .getcontentlength: propstat.size = Int(value())
        case .getlastmodified: propstat.lastModified = value()
        case .renamedFrom:
            let name = value()
            propstat.renamedFrom = name.isEmpty ? nil : name
        case .favorite: propstat.favorite = value() == "1"
        case .fileID:
            let id = value()
            propstat.fileID = id.isEmpty ? nil : id
        case .status: propstatStatus = MultistatusListing.statusCode(value())
        case .multistatus: sawMultistatusEnd = true
        case .propstat:
            // Properties are kept only from a propstat that found them (a
            // missing property comes in a propstat of its own, status 404).
            if propstatStatus == 200 || propstatStatus == nil {
                if let etag = propstat.etag { current?.etag = etag }
                if let size = propstat.size { current?.size = size }
                if let modified = propstat.lastModified { current?.lastModified = modified }
                if propstat.isCollection { current?.isCollection = true }
                if let renamedFrom = propstat.renamedFrom { current?.renamedFrom = renamedFrom }
                if let favorite = propstat.favorite { current?.favorite = favorite }
                if let fileID = propstat.fileID { current?.fileID = fileID }
            }
        case .response:
            if let current, !current.href.isEmpty { entries.append(current) }
            current = nil
        case .collection: break
        }
    }

    /// An entity tag as HTTP writes it: WsgiDAV lists `abc-1`, and sends
    /// `"abc-1"` in the headers for the same version.
    static func quoted(_ etag: String) -> String {
        etag.hasPrefix("\"") || etag.hasPrefix("W/\"") ? etag : "\"" + etag + "\""
    }

    /// The element's text, without blanks at its ends.
    private func value() -> String { MultistatusListing.trimmed(text) }

    /// `bytes` (UTF-8) as a string without XML's blanks (space, tab, line breaks) at its ends.
    static func trimmed(_ bytes: [UInt8]) -> String {
        let blank: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
        guard let first = bytes.firstIndex(where: { !blank($0) }), let last = bytes.lastIndex(where: { !blank($0) }) else { return "" }
        return String(decoding: bytes[first...last], as: UTF8.self)
    }

    /// 200 from "HTTP/1.1 200 OK".
    static func statusCode(_ line: String) -> Int? {
        let parts = line.split(separator: " ")
        return parts.count >= 2 ? Int(parts[1]) : nil
    }

    /// An HTTP date ("Sun, 22 Nov 2026 10:00:00 GMT", RFC 9110's preferred
    /// form), read by hand: a DateFormatter per file cost a listing of 10,000
    /// files over a second.
    static func httpDate(_ value: String) -> Date? {
        let parts = value.split(separator: " ")
        guard parts.count == 6, parts[5] == "GMT", let day = Int(parts[1]), let year = Int(parts[3]),
              let month = months.firstIndex(of: String(parts[2])).map({ $0 + 1 })
        else { return nil }
        let clock = parts[4].split(separator: ":").compactMap { Int($0) }
        guard clock.count == 3 else { return nil }
        var components = DateComponents()
        (components.year, components.month, components.day) = (year, month, day)
        (components.hour, components.minute, components.second) = (clock[0], clock[1], clock[2])
        return gregorian.date(from: components)
    }

    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    private static let gregorian: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "GMT")!
        return calendar
    }()
}
