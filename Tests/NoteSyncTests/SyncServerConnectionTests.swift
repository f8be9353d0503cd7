import CSoup
import Foundation
import NoteSync
import Testing
import TestSupport
import WebDAV

/// Setting sync up against a real Apache with mod_dav on 127.0.0.1: which
/// folder an address means, what is made, and which failure is told. (A
/// Nextcloud address and its Notes app's settings are tested end to end, by
/// `quire --sync-setup` in its own process: here the suite shares the test
/// process's main thread, which other suites can hold past the settings
/// request's 30 s, and the settings are then passed over as a server without
/// the app.)
@Suite("Connecting to a sync server", .serialized)
@MainActor
struct SyncServerConnectionTests {
    @Test("a folder the person names is made inside the address; an address given whole that is not there is not, and says not found")
    func namedFolder() async throws {
        let server = try WebDAVServer(.apache)
        let made = try await connecting { await SyncServerConnection.connect(
            address: server.folderURL, user: WebDAVServer.user, password: WebDAVServer.password, folder: "Work", trust: nil)
        }.get()
        #expect(made.folderURL == server.folderURL + "Work/" && made.fileSuffix == nil)
        #expect(FileManager.default.fileExists(atPath: server.folderPath + "/Work"))
        let missing = await connecting { await SyncServerConnection.connect(
            address: server.folderURL + "missing/", user: WebDAVServer.user, password: WebDAVServer.password, folder: nil, trust: nil) }
        #expect(missing.failure == .notFound)
        #expect(!FileManager.default.fileExists(atPath: server.folderPath + "/missing"))
    }

    @Test("a wrong password is told as refused, over every folder the address may mean; a folder the user may only read is refused too")
    func refused() async throws {
        let server = try WebDAVServer(.apache)
        let wrong = await connecting { await SyncServerConnection.connect(
            address: server.nextcloudBaseURL, user: WebDAVServer.user, password: "not the password", folder: nil, trust: nil) }
        #expect(wrong.failure == .unauthorized)
        let readOnly = await connecting { await SyncServerConnection.connect(
            address: server.readOnlyFolderURL, user: WebDAVServer.user, password: WebDAVServer.password, folder: nil, trust: nil) }
        #expect(readOnly.failure != nil, "a folder nothing can be written to is no sync folder")
    }

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
        #expect(!FileManager.default.fileExists(atPath: path + ".new"))
    }

    @Test("http:// addresses are the unencrypted ones", arguments: [
        ("http://example.org/dav/", true), ("  HTTP://example.org/", true), ("https://example.org/", false), ("example.org", false),
    ])
    func unencrypted(address: String, expected: Bool) {
        #expect(SyncServerConnection.isUnencrypted(address) == expected)
    }
}

/// Connects with `attempt` while the GLib main loop turns (`turningGLibLoop`).
/// An attempt the client gave up on after its 30 s is made once more: in the
/// whole suite other tests share this process's main thread, and two cores
/// running the stress attacks beside can hold it that long.
@MainActor
private func connecting(
    _ attempt: @MainActor () async -> Result<ConnectedSyncFolder, WebDAVError>
) async -> Result<ConnectedSyncFolder, WebDAVError> {
    let first = await turningGLibLoop(attempt)
    if case .failure(.timedOut) = first { return await turningGLibLoop(attempt) }
    return first
}

/// Runs `work` while the GLib main loop turns on the main thread, as it does
/// in the app: libsoup, under the WebDAV client, answers there.
@MainActor
private func turningGLibLoop<T>(_ work: @MainActor () async -> T) async -> T {
    let loop = Task { @MainActor in
        while !Task.isCancelled {
            while g_main_context_iteration(nil, 0) != 0 {}
            try? await Task.sleep(for: .milliseconds(2))
        }
    }
    let result = await work()
    loop.cancel()
    await loop.value
    return result
}

private extension Result {
    /// The failure, if it is one.
    var failure: Failure? {
        if case let .failure(error) = self { error } else { nil }
    }
}
