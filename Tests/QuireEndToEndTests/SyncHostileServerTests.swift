import Foundation
import NoteModel
import Testing
import TestSupport

/// Sync against servers that hold odd files, fail one file, lie about it, or
/// send it forever: each file's trouble stays with that file, named, and the
/// rest syncs; nothing taken in can outgrow the limits.
@Suite("Sync with odd files and hostile servers, end to end", .serialized, .oneAtATime)
struct SyncHostileServerTests {
    /// "café.md" in Latin-1: not UTF-8.
    private static let latin1Name = Array("caf".utf8) + [0xE9] + Array(".md".utf8)

    /// Starts `quire --sync-now` in `session`, to be waited for.
    private func startSync(_ session: QuireSession, environment: [String: String] = [:]) throws -> ChildProcess {
        try ChildProcess(
            BuiltProducts.executable("quire"), ["--sync-now"], environment: session.environment(environment),
            outputDirectory: session.desktop.directory.path)
    }

    @Test("one odd file never stops the rest: a name not in UTF-8 syncs byte for byte; a control character in a name, an unreadable file, one deleted between listing and download, and one the server fails are each named and left, and tried again")
    func oddFiles() throws {
        let server = try WebDAVServer(.apache)
        let proxy = try WebDAVProxy(for: server)
        let (laptop, keyring) = try QuireSession.syncing(with: server, through: proxy)
        defer { _ = keyring }
        try server.write("Good one\nfirst", as: "Good one.md")
        try server.write("Good two\nsecond", as: "Good two.md")
        try server.write(Data("Café\nnamed in Latin-1".utf8), asBytes: SyncHostileServerTests.latin1Name)
        try server.write("Odd\nname", as: "Odd\u{1}name.md")
        try server.write("Locked away\nunreadable", as: "Locked away.md")
        chmod(server.folderPath + "/Locked away.md", 0)  // Apache (www-data) may not read it: 403
        try server.write("Vanishing\nsoon", as: "Vanishing.md")
        try server.write("Broken\nthe server fails it", as: "Broken.md")
        try proxy.answer("GET", "/Broken.md", status: 500)
        try proxy.hold("GET", "/Vanishing.md")
        let store = try NoteStore(path: laptop.notesPath)
        try store.createNote(body: "From the laptop\nsent all the same")

        let sync = try startSync(laptop)
        #expect(proxy.waitUntilHeld("GET", "/Vanishing.md"), "\(sync.standardError)")
        try server.remove("Vanishing.md")  // another client deletes it between the listing and the download
        try proxy.release("GET", "/Vanishing.md")
        #expect(sync.waitForExit(seconds: 60) == 0, "\(sync.standardOutput) \(sync.standardError)")
        #expect(sync.standardOutput == "1 sent, 3 received, 0 conflicts, 4 left for the next sync\n", "\(sync.standardOutput)")
        for said in ["“Odd\\u{1}name.md” has a control character in its name", "“Locked away.md”: the server does not let this account read it.",
                     "“Vanishing.md” was removed from the server during the sync.", "“Broken.md”: the server could not send it (the server failed (500"] {
            #expect(sync.standardError.contains(said), "\(said) in \(sync.standardError)")
        }
        #expect(try laptop.liveTexts() == ["Café\nnamed in Latin-1", "From the laptop\nsent all the same", "Good one\nfirst", "Good two\nsecond"])
        #expect(server.files()["From the laptop.md"] == "From the laptop\nsent all the same")

        // The Latin-1 file is its note's: an edit goes back to those very bytes, no other file made.
        let cafe = try #require(try store.allNotes().first { $0.body.hasPrefix("Café") })
        try store.updateBody(of: cafe.id, to: "Café\nnamed in Latin-1\nand edited here")
        let edited = try laptop.syncNow()
        #expect(edited.output.hasPrefix("1 sent, 0 received, 0 conflicts, 3 left"), "\(edited.output) \(edited.error)")
        #expect(server.contents(ofBytes: SyncHostileServerTests.latin1Name) == Data("Café\nnamed in Latin-1\nand edited here".utf8))
        #expect(!proxy.events().contains { $0.contains("\u{FFFD}") }, "never asked for a name with U+FFFD: \(proxy.events())")

        // Mended on the server, the files left come in with the next sync.
        chmod(server.folderPath + "/Locked away.md", 0o644)
        try proxy.release("GET", "/Broken.md")
        let mended = try laptop.syncNow()
        #expect(mended.output == "0 sent, 2 received, 0 conflicts, 1 left for the next sync\n", "\(mended.output) \(mended.error)")
        #expect(try laptop.liveTexts().contains("Broken\nthe server fails it") && laptop.liveTexts().contains("Locked away\nunreadable"))
    }

    @Test("downloads are bounded: a body that never ends is cut at the note limit, one sent a byte a second is given up on at its deadline, a file listed over 20 MB is never asked for; the rest syncs")
    func boundedDownloads() throws {
        let server = try WebDAVServer(.apache)
        let proxy = try WebDAVProxy(for: server)
        let (laptop, keyring) = try QuireSession.syncing(with: server, through: proxy)
        defer { _ = keyring }
        try server.write("Huge\nsmall on the disk, endless on the wire", as: "Huge.md")
        try proxy.flood("/Huge.md", bytes: 2 << 30)  // 2 GB, its length said nowhere
        try server.write("Slow\na byte a second", as: "Slow.md")
        try proxy.dribble("/Slow.md", bytes: 120)
        try server.write("Too big\n" + String(repeating: "a line of a note too long to take in\n", count: 600_000), as: "Too big.md")
        try server.write("Small\nfine", as: "Small.md")

        let started = Date()
        let sync = try laptop.syncNow(seconds: 150)
        #expect(sync.status == 0, "\(sync.output) \(sync.error)")
        #expect(sync.output == "0 sent, 1 received, 0 conflicts, 3 left for the next sync\n", "\(sync.output) \(sync.error)")
        #expect(sync.error.contains("“Huge.md” is larger than 20 MB"), "\(sync.error)")
        #expect(sync.error.contains("“Too big.md” is larger than 20 MB"), "\(sync.error)")
        #expect(sync.error.contains("“Slow.md”: the server took longer than 30 seconds to send it."), "\(sync.error)")
        #expect(Date().timeIntervalSince(started) < 120, "the slow body was given up on at its deadline, not after 120 s")
        #expect(!proxy.events().contains { $0.hasPrefix("GET /notes/Too big.md") }, "a file listed as too large is never downloaded")
        #expect(try laptop.liveTexts() == ["Small\nfine"])
    }

    @Test(
        "a new note's file the server refuses (400 to a name it forbids, 409 for a folder it lacks), an edit of a file shared read-only (403) and a rename to a forbidden name (400) are each named and kept here, the other notes are sent, and the next sync sends them once the server takes them",
        arguments: [WebDAVServer.Kind.apache, .nginx])
    func refusedNewFiles(kind: WebDAVServer.Kind) throws {
        let server = try WebDAVServer(kind)
        let proxy = try WebDAVProxy(for: server)
        let (laptop, keyring) = try QuireSession.syncing(with: server, through: proxy)
        defer { _ = keyring }
        let store = try NoteStore(path: laptop.notesPath)
        try store.createNote(body: "Aux\na name Windows keeps for a device")
        try store.createNote(body: "Filed\nin a folder", category: "Work")
        try store.createNote(body: "Plain\nsent all the same")
        try proxy.answer("PUT", "/Aux.md", status: 400)
        try proxy.answer("PUT", "/Work/Filed.md", status: 409)

        let refused = try laptop.syncNow()
        #expect(refused.status == 1 && refused.output.hasPrefix("1 sent, 0 received, 0 conflicts, 2 left for the next sync"), "\(refused.output) \(refused.error)")
        for said in ["“Aux.md”: the server refused to store it (the server failed (400", "“Work/Filed.md”: the server refused to store it (not found on the server)"] {
            #expect(refused.error.contains(said), "\(said) in \(refused.error)")
        }
        #expect(server.files() == ["Plain.md": "Plain\nsent all the same"], "nothing of the refused files left there: \(server.files())")
        #expect(try laptop.liveTexts().count == 3)

        try proxy.release("PUT", "/Aux.md")
        try proxy.release("PUT", "/Work/Filed.md")
        let sent = try laptop.syncNow()
        #expect(sent.status == 0 && sent.output.hasPrefix("2 sent, 0 received, 0 conflicts"), "\(sent.output) \(sent.error)")
        let before = ["Aux.md": "Aux\na name Windows keeps for a device", "Work/Filed.md": "Filed\nin a folder", "Plain.md": "Plain\nsent all the same"]
        #expect(server.files() == before, "\(server.files())")
        #expect(try laptop.syncNow().output.hasPrefix("0 sent, 0 received, 0 conflicts"))

        // An edit of a file shared read-only (403) and a rename to a name the server forbids (400).
        let notes = try store.allNotes()
        for (title, text) in [("Plain", "Plain\nedited here"), ("Aux", "Nul\nrenamed here"), ("Filed", "Filed\nin a folder, edited")] {
            try store.updateBody(of: try #require(notes.first { $0.title == title }).id, to: text)
        }
        try proxy.answer("PUT", "/Plain.md", status: 403)
        try proxy.answer("MOVE", "/Aux.md", status: 400)
        let edits = try laptop.syncNow()
        #expect(edits.status == 1 && edits.output.hasPrefix("1 sent, 0 received, 0 conflicts, 2 left for the next sync"), "\(edits.output) \(edits.error)")
        for said in ["“Plain.md”: the server refused to store it (the server does not allow this", "“Aux.md”: the server refused to store it (the server failed (400"] {
            #expect(edits.error.contains(said), "\(said) in \(edits.error)")
        }
        #expect(server.files() == before.merging(["Work/Filed.md": "Filed\nin a folder, edited"]) { $1 }, "\(server.files())")
        try proxy.release("PUT", "/Plain.md")
        try proxy.release("MOVE", "/Aux.md")
        let after = try laptop.syncNow()
        #expect(after.status == 0 && after.output.hasPrefix("2 sent, 0 received, 0 conflicts"), "\(after.output) \(after.error)")
        #expect(server.files() == ["Nul.md": "Nul\nrenamed here", "Work/Filed.md": "Filed\nin a folder, edited", "Plain.md": "Plain\nedited here"],
                "\(server.files())")
        #expect(try laptop.syncNow().output.hasPrefix("0 sent, 0 received, 0 conflicts"))
    }

    @Test("in a running Quire, a note the server refuses puts a warning in the header bar, its reason on hover; once the note is sent, the warning goes")
    func refusedNoteInHeaderBar() throws {
        let server = try WebDAVServer(.apache)
        let proxy = try WebDAVProxy(for: server)
        let (session, keyring) = try QuireSession.syncing(with: server, through: proxy, accessibility: true)
        defer { _ = keyring }
        try NoteStore(path: session.notesPath).createNote(body: "Aux\nrefused by the server")
        try proxy.answer("PUT", "/Aux.md", status: 400)
        try session.launch()
        _ = try session.waitForWindow(matching: "— Quire$")
        let tree = try AccessibilityTree(desktop: session.desktop)
        let isWarning = { (element: AccessibilityTree.Element) in element.name == "A note did not sync" && element.role.hasSuffix("button") }
        let shown = tree.elements(once: isWarning, seconds: 30)  // the sync a few seconds after launch
        #expect(shown.contains(where: isWarning), "the header bar says so:\n\(shown.map(\.description).joined(separator: "\n"))")
        session.keepScreenshot(named: "sync-note-refused-header")

        try proxy.release("PUT", "/Aux.md")
        let sent = try session.syncNow()  // through the running Quire
        #expect(sent.status == 0 && sent.output.hasPrefix("1 sent, 0 received, 0 conflicts"), "\(sent.output) \(sent.error)")
        #expect(eventually(within: 10) { !((try? tree.elements()) ?? []).contains(where: isWarning) }, "the warning goes")
        #expect(server.files() == ["Aux.md": "Aux\nrefused by the server"])
        #expect(try session.stop() == 0)
    }

    @Test("a category's folder the server will not list (403) keeps its notes as they are on both sides: none trashed, edits and notes filed there wait, the rest syncs; once it lists again, all of it goes")
    func unlistedFolder() throws {
        let server = try WebDAVServer(.apache)
        let (laptop, keyring) = try QuireSession.syncing(with: server)
        defer { _ = keyring }
        let store = try NoteStore(path: laptop.notesPath)
        let secret = try store.createNote(body: "Secret\nplans", category: "Private")
        try store.createNote(body: "Open\nfor all")
        #expect(try laptop.syncNow().output.hasPrefix("2 sent, 0 received, 0 conflicts"))
        chmod(server.folderPath + "/Private", 0)  // Apache (www-data) may not list it: 403

        try store.updateBody(of: secret.id, to: "Secret\nplans, edited")
        try store.createNote(body: "Also private\nfiled there", category: "Private")
        try store.createNote(body: "Work\nfiled elsewhere", category: "Work")
        let sync = try laptop.syncNow()
        #expect(sync.status == 0 && sync.output.hasPrefix("1 sent, 0 received, 0 conflicts, 1 left for the next sync"), "\(sync.output) \(sync.error)")
        #expect(sync.error.contains("The folder “Private”: the server does not let this account list it"), "\(sync.error)")
        #expect(try laptop.trashedTexts().isEmpty, "nothing of the folder taken for gone")
        #expect(try laptop.liveTexts() == ["Also private\nfiled there", "Open\nfor all", "Secret\nplans, edited", "Work\nfiled elsewhere"])

        chmod(server.folderPath + "/Private", 0o755)
        let after = try laptop.syncNow()
        #expect(after.status == 0 && after.output.hasPrefix("2 sent, 0 received, 0 conflicts"), "\(after.output) \(after.error)")
        #expect(server.files() == ["Private/Secret.md": "Secret\nplans, edited", "Private/Also private.md": "Also private\nfiled there",
                                   "Open.md": "Open\nfor all", "Work/Work.md": "Work\nfiled elsewhere"], "\(server.files())")
        #expect(try laptop.trashedTexts().isEmpty)
    }

    @Test("a link to a folder above it, which nginx follows, makes a tree without end: the sync stops at once, saying so, and takes in no copy")
    func endlessTree() throws {
        let server = try WebDAVServer(.nginx)
        try server.write("Work note\ntext", as: "Work/Work note.md")
        symlink("..", server.folderPath + "/Work/up")
        let (laptop, keyring) = try QuireSession.syncing(with: server)
        defer { _ = keyring }
        let sync = try laptop.syncNow()
        #expect(sync.status == 1 && sync.error.contains("folders nested more than 32 deep, at “Work/up/Work/up/"), "\(sync.output) \(sync.error)")
        #expect(sync.error.contains("a link to a folder above it?"), "\(sync.error)")
        #expect(try laptop.everyText().isEmpty, "no note, and no copy of one")
    }

    @Test("a file removed and another added with the same text but the first line is no rename: the first note goes to the trash, the second is new")
    func lookalikesAreNoRename() throws {
        let server = try WebDAVServer(.apache)
        let (laptop, keyring) = try QuireSession.syncing(with: server)
        defer { _ = keyring }
        let checklist = "\n- [ ] water the plants\n- [ ] post the letters"
        try server.write("Monday" + checklist, as: "Monday.md")
        #expect(try laptop.syncNow().output.hasPrefix("0 sent, 1 received"))
        try server.remove("Monday.md")
        try server.write("Wednesday" + checklist, as: "Wednesday.md")
        let sync = try laptop.syncNow()
        #expect(sync.output.hasPrefix("0 sent, 1 received, 0 conflicts, 1 moved to the trash"), "\(sync.output) \(sync.error)")
        #expect(try laptop.liveTexts() == ["Wednesday" + checklist])
        #expect(try laptop.trashedTexts() == ["Monday" + checklist], "Monday's note keeps its text, in the trash")
    }

    @Test("a certificate trusted with --sync-trust is copied beside the notes, readable by the user alone; a replaced, expired or misnamed certificate is refused, saying which")
    func certificates() throws {
        let server = try WebDAVServer(.rclone, https: true)
        let session = try QuireSession()
        let keyring = try session.startKeyring()
        defer { _ = keyring }
        let given = session.desktop.directory.file("given.pem")
        try FileManager.default.copyItem(atPath: try #require(server.certificatePath), toPath: given)
        let setup = try session.setUpSync(with: server, trusting: false, ["--sync-trust", given])
        #expect(setup.status == 0, "\(setup.error)")
        let kept = try #require(try NoteStore(path: session.notesPath).syncAccount()?.trustedCertificates)
        #expect(kept != given && kept.hasPrefix(URL(fileURLWithPath: session.notesPath).deletingLastPathComponent().path), "\(kept)")
        let mode = try #require(try FileManager.default.attributesOfItem(atPath: kept)[.posixPermissions] as? Int)
        #expect(mode == 0o600, "readable by the user alone: \(String(mode, radix: 8))")
        try FileManager.default.removeItem(atPath: given)  // a file in /tmp, say, gone
        try NoteStore(path: session.notesPath).createNote(body: "Trusted\nstill")
        #expect(try session.syncNow().output.hasPrefix("1 sent"), "the copy is what is trusted")

        try server.replaceCertificate()
        let replaced = try session.syncNow()
        #expect(replaced.status == 1 && replaced.error.contains("not the one trusted for it"), "\(replaced.error)")
        for (fault, said) in [(WebDAVServer.CertificateFault.expired, "has expired"), (.otherName, "made for another name")] {
            try server.replaceCertificate(fault)
            let refused = try session.setUpSync(with: server)  // this very certificate trusted
            #expect(refused.status == 1 && refused.error.contains(said), "\(fault): \(refused.error)")
        }
    }

    @Test("a server that keeps no write from replacing another (nginx without locks) is said to be so at setup; Quire checks each write before and after, and syncs all the same")
    func unprotectedServer() throws {
        let server = try WebDAVServer(.nginx, locking: false)
        let (laptop, laptopKeyring) = try QuireSession.syncing(with: server)
        let desktop = try QuireSession()
        let desktopKeyring = try desktop.startKeyring()
        defer { _ = (laptopKeyring, desktopKeyring) }
        let setup = try desktop.setUpSync(with: server)
        #expect(setup.status == 0 && setup.error.contains("This server cannot keep two devices from writing a note at the same moment"),
                "\(setup.error)")
        let store = try NoteStore(path: laptop.notesPath)
        let note = try store.createNote(body: "Unguarded\nfirst")
        #expect(try laptop.syncNow().output.hasPrefix("1 sent"))
        #expect(try desktop.syncNow().output.hasPrefix("0 sent, 1 received"))
        try store.updateBody(of: note.id, to: "Unguarded, renamed\nsecond")
        #expect(try laptop.syncNow().output.hasPrefix("1 sent"))
        #expect(server.files() == ["Unguarded, renamed.md": "Unguarded, renamed\nsecond"])
        // nginx keeps no property to mark the file as the renamed one: a rename and an edit
        // together come in as a new note, the old one in the trash; nothing is lost.
        #expect(try desktop.syncNow().output.hasPrefix("0 sent, 1 received"))
        #expect(try desktop.liveTexts() == ["Unguarded, renamed\nsecond"])
        let quiet = try desktop.syncNow()
        #expect(quiet.output.hasPrefix("0 sent, 0 received, 0 conflicts"), "nothing downloaded again: \(quiet.output) \(quiet.error)")
    }

    @Test("http:// is refused at setup unless --sync-allow-http is given, and then said to be unencrypted")
    func unencrypted() throws {
        let server = try WebDAVServer(.apache)
        let session = try QuireSession()
        let keyring = try session.startKeyring()
        defer { _ = keyring }
        let refused = try session.setUpSync(with: server, allowingHTTP: false)
        #expect(refused.status == 2 && refused.error.contains("is not encrypted") && refused.error.contains("--sync-allow-http"),
                "\(refused.error)")
        #expect(try NoteStore(path: session.notesPath).syncAccount() == nil)
        let allowed = try session.setUpSync(with: server)
        #expect(allowed.status == 0 && allowed.error.contains("travel unencrypted"), "\(allowed.error)")
    }

    @Test("--sync-now, --export and --import run with no display and no Quire running (over ssh, from a timer); no Secret Service is said at once")
    func withoutDisplay() throws {
        let server = try WebDAVServer(.apache)
        let (session, keyring) = try QuireSession.syncing(with: server)
        defer { _ = keyring }
        let noDisplay = ["DISPLAY": "", "WAYLAND_DISPLAY": ""]
        let folder = session.desktop.directory.file("to-import")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Data("Imported\nover ssh".utf8).write(to: URL(fileURLWithPath: folder + "/Imported.md"))
        let imported = try ChildProcess.run(
            BuiltProducts.executable("quire"), ["--import", folder], environment: session.environment(noDisplay),
            outputDirectory: session.desktop.directory.path, seconds: 30)
        #expect(imported.status == 0 && imported.output.contains("Imported 1 note"), "\(imported.output) \(imported.error)")
        let synced = try session.syncNow(environment: noDisplay)
        #expect(synced.status == 0 && synced.output.hasPrefix("1 sent"), "\(synced.output) \(synced.error)")
        #expect(server.files()["Imported.md"] == "Imported\nover ssh")
        try FileManager.default.createDirectory(atPath: session.desktop.directory.file("exported"), withIntermediateDirectories: true)
        let exported = try ChildProcess.run(
            BuiltProducts.executable("quire"), ["--export", session.desktop.directory.file("exported")],
            environment: session.environment(noDisplay), outputDirectory: session.desktop.directory.path, seconds: 30)
        #expect(exported.status == 0, "\(exported.error)")
        #expect(FileManager.default.contents(atPath: session.desktop.directory.file("exported/Imported.md")) == Data("Imported\nover ssh".utf8))

        let bare = try BareBus()
        let started = Date()
        let setup = try session.setUpSync(with: server, environment: noDisplay.merging(["DBUS_SESSION_BUS_ADDRESS": bare.address]) { $1 })
        #expect(setup.status == 0 && setup.error.contains("no Secret Service"), "\(setup.error)")
        #expect(Date().timeIntervalSince(started) < 20, "said at once, not after libsecret's 25 s wait")
    }
}
