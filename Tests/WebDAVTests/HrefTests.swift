import Foundation
import Testing
@testable import WebDAV

/// How a listing's hrefs become file names: paths or whole URLs, percent-encoded or not.
@Suite("WebDAV hrefs")
struct HrefTests {
    @Test("an href's path, decoded, and its last part", arguments: [
        ("/notes/Tom%20%26%20Jerry.md", "/notes/Tom & Jerry.md", "Tom & Jerry.md"),
        ("https://cloud.example.org:8443/remote.php/dav/files/ana/Notes/a.md", "/remote.php/dav/files/ana/Notes/a.md", "a.md"),
        ("http://127.0.0.1:8080/notes/", "/notes", "notes"),
        ("/notes/caf%C3%A9:%E2%9C%93.md", "/notes/café:✓.md", "café:✓.md"),
        ("/", "", nil),
    ])
    func paths(href: String, path: String, name: String?) {
        #expect(WebDAVClient.decodedPath(of: href) == path)
        #expect(WebDAVClient.lastComponent(of: path) == name)
    }
}

/// File names as a server holds them, byte for byte: names that are not
/// UTF-8 survive the trip from a listing to a request, names with control
/// characters are found, and entries outside the folder are passed over.
@Suite("WebDAV file names")
struct RemoteNameTests {
    @Test("a Latin-1 name (not UTF-8) decodes to stand-ins and encodes back to the server's very bytes")
    func latin1Name() {
        let href = "/notes/caf%E9%20cr%E8me.md"
        let path = WebDAVClient.decodedPath(of: href)
        let name = WebDAVClient.name(of: path, in: "/notes")
        #expect(name != nil && !name!.contains("\u{FFFD}"), "no replacement character: \(String(describing: name))")
        #expect(name.map(RemoteName.encodedSegment) == "caf%E9%20cr%E8me.md")
        #expect(name.map(RemoteName.readable) == "caf%E9 cr%E8me.md")
        #expect(name.map(RemoteName.isUTF8) == false)
        #expect(RemoteName.bytes(of: name!) == Array("caf".utf8) + [0xE9] + Array(" cr".utf8) + [0xE8] + Array("me.md".utf8))
    }

    @Test("UTF-8 names stay as they are; an overlong form and a lone continuation byte are kept as bytes", arguments: [
        ([0x63, 0x61, 0x66, 0xC3, 0xA9], "café", true),
        ([0xC0, 0xAF, 0x61], "%C0%AFa", false),
        ([0x61, 0x80], "a%80", false),
        ([0xF0, 0x9F, 0x98, 0x80], "😀", true),
    ] as [([UInt8], String, Bool)])
    func decoding(bytes: [UInt8], readable: String, isUTF8: Bool) {
        let name = RemoteName.decode(bytes)
        #expect(RemoteName.readable(name) == readable)
        #expect(RemoteName.isUTF8(name) == isUTF8)
        #expect(RemoteName.bytes(of: name) == bytes)
    }

    @Test("names with a NUL or another control character are found; the NUL is kept, not a cut")
    func controlCharacters() {
        let withNul = WebDAVClient.decodedPath(of: "/notes/a%00b.md")
        #expect(withNul == "/notes/a\u{0}b.md")
        #expect(RemoteName.hasControlCharacters("a\u{0}b.md") && RemoteName.hasControlCharacters("line\nbreak.md"))
        #expect(!RemoteName.hasControlCharacters("Tom & Jerry.md"))
        #expect(RemoteName.readable("a\u{0}b.md") == "a\\u{0}b.md")
    }

    @Test("an entry outside the folder, the folder itself, or deeper in it is no file of the folder", arguments: [
        ("/notes/a.md", "a.md"), ("/elsewhere/a.md", nil), ("/notes", nil), ("/notes-other/a.md", nil), ("/notes/sub/a.md", nil),
        ("/a.md", nil),
    ] as [(String, String?)])
    func outside(path: String, name: String?) {
        #expect(WebDAVClient.name(of: path, in: "/notes") == name)
    }

    @Test("a listing's unquoted entity tag (WsgiDAV's) reads as the quoted one its headers give")
    func quotedTags() throws {
        let found = try MultistatusListing.entries(in: Data("""
            <D:multistatus xmlns:D="DAV:"><D:response><D:href>/notes/a.md</D:href><D:propstat><D:prop>
            <D:getetag>16228369-5</D:getetag></D:prop><D:status>HTTP/1.1 200 OK</D:status></D:propstat></D:response>
            <D:response><D:href>/notes/b.md</D:href><D:propstat><D:prop>
            <D:getetag>W/"7"</D:getetag></D:prop><D:status>HTTP/1.1 200 OK</D:status></D:propstat></D:response></D:multistatus>
            """.utf8))
        #expect(found.map(\.etag) == ["\"16228369-5\"", "W/\"7\""])
    }

    @Test("a file of a server that lists no tags (nginx) has a version of its size and date, unless that date is too recent to tell two writes apart")
    func versionsWithoutTags() {
        let listed = "Sun, 22 Nov 2026 10:00:10 GMT"
        #expect(RemoteFile.version(etag: nil, size: 5, lastModified: "Sun, 22 Nov 2026 10:00:00 GMT", listedAt: listed)
                    == "size 5, Sun, 22 Nov 2026 10:00:00 GMT")
        #expect(RemoteFile.version(etag: nil, size: 5, lastModified: "Sun, 22 Nov 2026 10:00:09 GMT", listedAt: listed) == nil,
                "changed within two seconds of the listing: another write in the same second would look the same")
        #expect(RemoteFile.version(etag: "\"x\"", size: 5, lastModified: nil, listedAt: nil) == "\"x\"")
        #expect(RemoteFile.version(etag: nil, size: nil, lastModified: "Sun, 22 Nov 2026 10:00:00 GMT", listedAt: listed) == nil)
    }
}
