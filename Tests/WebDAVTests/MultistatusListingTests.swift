import Foundation
import Testing
@testable import WebDAV

/// The reading of WebDAV listings, on answers written as servers write them
/// (Apache's `D:` prefix, Nextcloud's `d:`, a default namespace) and on
/// answers that are broken or hostile.
@Suite("WebDAV listings")
struct MultistatusListingTests {
    private func entries(_ xml: String) throws(WebDAVError) -> [MultistatusListing.Entry] {
        try MultistatusListing.entries(in: Data(xml.utf8))
    }

    @Test("files, the folder itself and properties the server lacks, with Apache's prefix")
    func apacheListing() throws {
        let found = try entries("""
            <?xml version="1.0" encoding="utf-8"?>
            <D:multistatus xmlns:D="DAV:" xmlns:ns0="DAV:">
            <D:response xmlns:lp1="DAV:"><D:href>/notes/</D:href>
            <D:propstat><D:prop><lp1:resourcetype><D:collection/></lp1:resourcetype></D:prop>
            <D:status>HTTP/1.1 200 OK</D:status></D:propstat>
            <D:propstat><D:prop><D:getcontentlength/></D:prop><D:status>HTTP/1.1 404 Not Found</D:status></D:propstat>
            </D:response>
            <D:response><D:href>/notes/Tom%20&amp;%20Jerry.md</D:href>
            <D:propstat><D:prop><D:resourcetype/>
            <D:getetag>
              "5-660f0670a3f48"
            </D:getetag>
            <D:getcontentlength>5</D:getcontentlength>
            <D:getlastmodified>Sun, 22 Nov 2026 10:00:00 GMT</D:getlastmodified></D:prop>
            <D:status>HTTP/1.1 200 OK</D:status></D:propstat>
            </D:response>
            </D:multistatus>
            """)
        #expect(found.count == 2)
        #expect(found[0].href == "/notes/" && found[0].isCollection && found[0].size == nil)
        #expect(found[1].href == "/notes/Tom%20&%20Jerry.md" && !found[1].isCollection)
        #expect(found[1].etag == "\"5-660f0670a3f48\"" && found[1].size == 5)
        #expect(found[1].lastModified.flatMap(MultistatusListing.httpDate) == Date(timeIntervalSince1970: 1_795_341_600))
    }

    @Test("a default namespace, Nextcloud's d: prefix and CDATA read the same; elements of other namespaces are passed over")
    func otherSpellings() throws {
        let plain = try entries("""
            <multistatus xmlns="DAV:"><response><href>/a.md</href><propstat><prop>
            <getetag><![CDATA["1"]]></getetag><x:href xmlns:x="urn:other">/elsewhere</x:href></prop>
            <status>HTTP/1.1 200 OK</status></propstat></response></multistatus>
            """)
        let nextcloud = try entries("""
            <d:multistatus xmlns:d="DAV:" xmlns:oc="http://owncloud.org/ns"><d:response><d:href>/a.md</d:href>
            <d:propstat><d:prop><d:getetag>"1"</d:getetag><oc:size>9</oc:size></d:prop>
            <d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response></d:multistatus>
            """)
        for found in [plain, nextcloud] {
            #expect(found.map(\.href) == ["/a.md"] && found.first?.etag == "\"1\"" && found.first?.size == nil)
        }
    }

    @Test("an answer that is not XML, is cut short, or is XML of another kind is refused with the reason",
          arguments: [
            ("<D:multistatus xmlns:D=\"DAV:\"><D:response><D:href>/a.md</D:hr", "expected '>'"),
            ("<D:multistatus xmlns:D=\"DAV:\"><D:response><D:href>/a.md</D:href>", "Premature end of data"),
            ("<html><body>Welcome</body></html>", "no multistatus element"),
            ("Internal Server Error", "Start tag expected"),
            ("", "not XML"),
            ("<D:multistatus xmlns:D=\"DAV:\"><D:response></D:multistatus>", "mismatch"),
          ])
    func refused(answer: String, reason: String) {
        #expect {
            try entries(answer)
        } throws: { error in
            guard case let .malformedListing(detail) = error as? WebDAVError else { return false }
            return detail.contains(reason)
        }
    }

    @Test("entities are never fetched from outside, and nested ones do not blow up")
    func hostileEntities() throws {
        let external = try? entries("""
            <?xml version="1.0"?><!DOCTYPE m [<!ENTITY x SYSTEM "file:///etc/passwd">]>
            <D:multistatus xmlns:D="DAV:"><D:response><D:href>/&x;</D:href></D:response></D:multistatus>
            """)
        #expect(external?.contains { $0.href.contains("root:") } != true)
        var laughs = "<!ENTITY a0 \"lol\">"
        for level in 1...12 { laughs += "<!ENTITY a\(level) \"" + String(repeating: "&a\(level - 1);", count: 10) + "\">" }
        let started = Date()
        _ = try? entries("""
            <?xml version="1.0"?><!DOCTYPE m [\(laughs)]>
            <D:multistatus xmlns:D="DAV:"><D:response><D:href>/&a12;</D:href></D:response></D:multistatus>
            """)
        #expect(Date().timeIntervalSince(started) < 2, "libxml2 stops entity expansion long before a trillion laughs")
    }
}
