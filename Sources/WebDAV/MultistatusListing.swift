import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Reads a WebDAV `207 Multi-Status` answer to `PROPFIND Depth: 1` into the
/// files of the folder: each response's href, entity tag, size, date and
/// whether it is a collection, from the properties found (status 200).
final class MultistatusListing: NSObject, XMLParserDelegate {
    /// One `<response>` of the answer.
    struct Entry {
        var href = ""
        var etag: String?
        var size: Int?
        var lastModified: String?
        var isCollection = false
    }

    private(set) var entries: [Entry] = []
    private var current: Entry?
    private var propstat = Entry()
    private var propstatStatus: Int?
    private var text = ""
    private var sawMultistatus = false
    private var sawMultistatusEnd = false

    /// The entries of `data`; throws `WebDAVError.malformedListing` if it is not a multistatus answer.
    static func entries(in data: Data) throws(WebDAVError) -> [Entry] {
        let listing = MultistatusListing()
        let parser = XMLParser(data: data)
        parser.shouldProcessNamespaces = true
        parser.delegate = listing
        guard parser.parse() else {
            let reason = parser.parserError.map { "\($0.localizedDescription)" } ?? "not XML"
            throw .malformedListing(reason)
        }
        guard listing.sawMultistatus else { throw .malformedListing("no multistatus element") }
        // libxml2 may let a document cut short pass; its end must be there.
        guard listing.sawMultistatusEnd else { throw .malformedListing("the answer ends before its multistatus element does") }
        return listing.entries
    }

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
        qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]
    ) {
        text = ""
        guard namespaceURI == "DAV:" else { return }
        switch elementName {
        case "multistatus": sawMultistatus = true
        case "response": current = Entry()
        case "propstat":
            propstat = Entry()
            propstatStatus = nil
        case "collection": propstat.isCollection = true
        default: break
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        text += string
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?) {
        guard namespaceURI == "DAV:" else { return }
        let value = MultistatusListing.trimmed(text)
        switch elementName {
        case "href": if current != nil, current?.href.isEmpty == true { current?.href = value }
        case "getetag": propstat.etag = value.isEmpty ? nil : value
        case "getcontentlength": propstat.size = Int(value)
        case "getlastmodified": propstat.lastModified = value
        case "status": propstatStatus = MultistatusListing.statusCode(value)
        case "multistatus": sawMultistatusEnd = true
        case "propstat":
            // Properties are kept only from a propstat that found them (a
            // missing property comes in a propstat of its own, status 404).
            if propstatStatus == 200 || propstatStatus == nil {
                if let etag = propstat.etag { current?.etag = etag }
                if let size = propstat.size { current?.size = size }
                if let modified = propstat.lastModified { current?.lastModified = modified }
                if propstat.isCollection { current?.isCollection = true }
            }
        case "response":
            if let current, !current.href.isEmpty { entries.append(current) }
            current = nil
        default: break
        }
        text = ""
    }

    /// `text` without blanks at its ends (Foundation's trimming, through
    /// NSString, was a fifth of reading a listing).
    static func trimmed(_ text: String) -> String {
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        let last = scalars.lastIndex(where: { !$0.properties.isWhitespace }) ?? first
        return first == scalars.startIndex && last == scalars.index(before: scalars.endIndex)
            ? text : String(scalars[first...last])
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
