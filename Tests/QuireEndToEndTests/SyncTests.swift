import Foundation
import NoteModel
import Testing
import TestSupport

/// Sync with real WebDAV servers (Apache's mod_dav, rclone), end to end: two
/// Quires, each with its own data, session bus and keyring, sync through the
/// same server folder, as two computers of one person would.
@Suite("Sync with a WebDAV server, end to end", .serialized)
struct SyncTests {
    /// A Quire whose sync is set up with `server`, its keyring running.
    private func computer(syncingWith server: WebDAVServer) throws -> (QuireSession, ChildProcess) {
        let session = try QuireSession()
        let keyring = try session.startKeyring()
        let setup = try session.setUpSync(with: server)
        #expect(setup.status == 0, "set up: \(setup.output) \(setup.error)")
        #expect(setup.output.contains("Sync is set up with \(server.folderURL) as \(WebDAVServer.user)."), "\(setup.output)")
        #expect(!setup.error.contains("keyring"), "the keyring keeps the password: \(setup.error)")
        return (session, keyring)
    }

    /// Expects `quire --sync-now` in `session` to succeed and print `summary`.
    private func expectSync(_ session: QuireSession, prints summary: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let sync = try session.syncNow()
        #expect(sync.status == 0, "sync: \(sync.output) \(sync.error)", sourceLocation: sourceLocation)
        #expect(sync.output.trimmingCharacters(in: .whitespacesAndNewlines) == summary, "\(sync.error)", sourceLocation: sourceLocation)
    }

    @Test("a note written in one Quire reaches the other through Apache: created, edited, renamed, trashed and restored")
    func noteTravels() throws {
        let server = try WebDAVServer(.apache)
        let (laptop, laptopKeyring) = try computer(syncingWith: server)
        let (desktop, desktopKeyring) = try computer(syncingWith: server)
        defer { _ = (laptopKeyring, desktopKeyring) }

        try laptop.launch()
        let laptopWindow = try laptop.waitForWindow(matching: "^New Note — Quire$")
        try laptop.writeNotes(["Groceries\nmilk"], into: laptopWindow)
        try expectSync(laptop, prints: "1 sent, 0 received, 0 conflicts")  // through the running Quire
        #expect(server.files() == ["Groceries.md": "Groceries\nmilk"])

        try expectSync(desktop, prints: "0 sent, 1 received, 0 conflicts")  // a Quire started for it alone
        #expect(try desktop.liveTexts() == ["Groceries\nmilk"])
        try desktop.launch()
        let desktopWindow = try desktop.waitForWindow(matching: "^Groceries — Quire$")

        // Edited and renamed on the desktop: its file is renamed on the server.
        try desktop.desktop.xdotool("key", "ctrl+Home")
        try desktop.desktop.type("Weekly ", into: desktopWindow)
        #expect(eventually(within: 10) { (try? desktop.liveTexts()) == ["Weekly Groceries\nmilk"] })
        try expectSync(desktop, prints: "1 sent, 0 received, 0 conflicts")
        #expect(server.files() == ["Weekly Groceries.md": "Weekly Groceries\nmilk"], "renamed, the old name gone")
        try expectSync(laptop, prints: "0 sent, 1 received, 0 conflicts")
        _ = try laptop.waitForWindow(matching: "^Weekly Groceries — Quire$", seconds: 10)  // the open window shows it

        // Trashed on the laptop: removed from the server, and in the desktop's trash.
        try laptop.desktop.xdotool("windowfocus", "--sync", laptopWindow)
        try laptop.desktop.xdotool("key", "alt+Delete")
        #expect(eventually(within: 10) { (try? laptop.trashedTexts()) == ["Weekly Groceries\nmilk"] })
        try expectSync(laptop, prints: "0 sent, 0 received, 0 conflicts, 1 removed from the server")
        #expect(server.files().isEmpty)
        try expectSync(desktop, prints: "0 sent, 0 received, 0 conflicts, 1 moved to the trash")
        #expect(try desktop.trashedTexts() == ["Weekly Groceries\nmilk"])

        // Restored on the desktop: back on the server, and out of the laptop's trash (not a copy).
        let store = try NoteStore(path: desktop.notesPath)
        try store.restoreFromTrash(try #require(try store.trashedNotes().first).id)
        store.close()
        try expectSync(desktop, prints: "1 sent, 0 received, 0 conflicts")
        try expectSync(laptop, prints: "0 sent, 1 received, 0 conflicts")
        #expect(try laptop.liveTexts() == ["Weekly Groceries\nmilk"])
        #expect(try laptop.trashedTexts().isEmpty, "the trashed note came back, not a copy of it")
        try expectSync(laptop, prints: "0 sent, 0 received, 0 conflicts")
        #expect(try laptop.stop() == 0)
        #expect(try desktop.stop() == 0)
    }
}
