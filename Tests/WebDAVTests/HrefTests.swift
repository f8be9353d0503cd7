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
