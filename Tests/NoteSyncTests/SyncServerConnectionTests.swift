import Foundation
import NoteSync
import Testing
import TestSupport

/// What connecting to a sync server keeps and checks on this computer: the
/// certificate a person chose to trust, and addresses that would travel
/// unencrypted. Connecting itself (which folder an address means, what is
/// made, which failure is told, a Nextcloud Notes app's settings) is tested
/// end to end against real servers by `quire --sync-setup`, in a process of
/// its own (SyncTroubleTests, SyncCategoryTests): in this process the
/// WebDAV client would share the main thread with every other suite, which
/// can hold it past the client's 30 s.
@Suite("Connecting to a sync server")
struct SyncServerConnectionTests {
    @Test("a trusted certificate is kept beside the notes, readable by this user alone, replaced whole")
    func trustedCertificate() throws {
        let folder = try TemporaryDirectory(prefix: "quire-trust")
        let notes = folder.file("data/notes.sqlite")
        let first = try SyncServerConnection.trust(pem: Data("first".utf8), notesPath: notes)
        let path = try SyncServerConnection.trust(pem: Data("second".utf8), notesPath: notes)
        #expect(first == path && path == folder.file("data/sync-server-certificate.pem"))
        #expect(FileManager.default.contents(atPath: path) == Data("second".utf8))
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.file("data")) == ["sync-server-certificate.pem"],
                "nothing is left beside it")
    }

    @Test("http:// addresses are the unencrypted ones", arguments: [
        ("http://example.org/dav/", true), ("  HTTP://example.org/", true), ("https://example.org/", false), ("example.org", false),
    ])
    func unencrypted(address: String, expected: Bool) {
        #expect(SyncServerConnection.isUnencrypted(address) == expected)
    }
}
