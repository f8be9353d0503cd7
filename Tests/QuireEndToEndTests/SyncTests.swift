import Foundation
import NoteModel
import Testing
import TestSupport

/// Sync with real WebDAV servers (Apache's mod_dav, rclone), end to end: two
/// Quires, each with its own data, session bus and keyring, sync through the
/// same server folder, as two computers of one person would.
@Suite("Sync with a WebDAV server, end to end", .serialized, .oneAtATime)
struct SyncTests {
    /// Expects `quire --sync-now` in `session` to succeed and print `summary`.
    private func expectSync(_ session: QuireSession, prints summary: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let sync = try session.syncNow()
        #expect(sync.status == 0, """
            sync: \(sync.output) \(sync.error); a running Quire's threads: \(session.process.map { QuireSession.threadStates(of: $0.pid) } ?? "none"); \
            it printed: \(session.messages.suffix(2_000))
            """, sourceLocation: sourceLocation)
        #expect(sync.output.trimmingCharacters(in: .whitespacesAndNewlines) == summary, "\(sync.error)", sourceLocation: sourceLocation)
    }

    @Test("a Quire without sync loads neither libsoup nor libsecret; set up and run, the first sync loads them and sends the note; Foundation is never loaded")
    func syncLibrariesOnDemand() throws {
        let server = try WebDAVServer(.apache)
        let session = try QuireSession()
        let keyring = try session.startKeyring()
        defer { _ = keyring }
        try session.launch()
        let window = try session.waitForWindow(matching: "^New Note — Quire$")
        try session.writeNotes(["Groceries\nmilk"], into: window)
        func loaded() throws -> [String] {
            let maps = try session.mappedFiles()
            #expect(maps.contains("/libgtk-4.so"))
            return ["libsoup-3.0", "libsecret-1"].filter { maps.contains("/\($0).so") }
        }
        #expect(try loaded() == [], "a launch maps no sync library")
        #expect(try session.setUpSync(with: server).status == 0)
        try expectSync(session, prints: "1 sent, 0 received, 0 conflicts")  // through the running Quire
        #expect(try loaded() == ["libsoup-3.0", "libsecret-1"], "the sync loaded them")
        #expect(server.files() == ["Groceries.md": "Groceries\nmilk"])
        let maps = try session.mappedFiles()
        #expect(maps.contains("/libFoundationEssentials.so"))
        #expect(!maps.contains("/libFoundation.so") && !maps.contains("/lib_FoundationICU.so"),
                "the app links FoundationEssentials alone, never the whole of Foundation and its copy of ICU")
        #expect(try session.stop() == 0)
    }

    @Test("syncs through the running Quire start none of libdispatch's threads, whose pool would wake Quire every second for the rest of its life")
    func syncLeavesNoDispatchPool() throws {
        let server = try WebDAVServer(.apache)
        let (session, keyring) = try QuireSession.syncing(with: server)
        defer { _ = keyring }
        try session.launch()
        let window = try session.waitForWindow(matching: "^New Note — Quire$")
        try session.writeNotes(["Groceries\nmilk"], into: window)
        for _ in 0..<2 {
            let sync = try session.syncNow()
            #expect(sync.status == 0, "\(sync.output) \(sync.error)")
        }
        #expect(server.files() == ["Groceries.md": "Groceries\nmilk"])
        let threads = try session.threadNames()
        #expect(threads.contains("quire") && threads.contains("pool-io.github."), "the app's threads, and GLib's pool that ran its tasks: \(threads)")
        // libdispatch names each thread of its pool after the queue it serves (com.apple.root.default-qos, …).
        #expect(!threads.contains { $0.contains("qos") }, "\(threads)")
        #expect(try session.stop() == 0)
    }

    @Test("a note written in one Quire reaches the other through Apache: created, edited, renamed, trashed and restored")
    func noteTravels() throws {
        let server = try WebDAVServer(.apache)
        let (laptop, laptopKeyring) = try QuireSession.syncing(with: server)
        let (desktop, desktopKeyring) = try QuireSession.syncing(with: server)
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
        let earlier = server.requests().count
        try expectSync(desktop, prints: "1 sent, 0 received, 0 conflicts")
        #expect(server.files() == ["Weekly Groceries.md": "Weekly Groceries\nmilk"], "renamed, the old name gone")
        // Renamed in one request, so the laptop could never list both names at once; then written.
        let renaming = server.requests().dropFirst(earlier).filter { !$0.hasPrefix("PROPFIND ") && !$0.hasPrefix("GET ") }
        #expect(renaming == ["MOVE /notes/Groceries.md 201", "PROPPATCH /notes/Weekly Groceries.md 207", "PUT /notes/Weekly Groceries.md 204"],
                "\(renaming): the moved file marked with its old name, for the other Quire to see a rename")
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

    @Test("a note edited on both sides while one was offline keeps both versions: one as the note, the other as a conflict copy")
    func offlineConflict() throws {
        let server = try WebDAVServer(.apache)
        let (laptop, laptopKeyring) = try QuireSession.syncing(with: server)
        let (desktop, desktopKeyring) = try QuireSession.syncing(with: server)
        defer { _ = (laptopKeyring, desktopKeyring) }
        let store = try NoteStore(path: laptop.notesPath)
        let note = try store.createNote(body: "Trip\n- passport")
        try expectSync(laptop, prints: "1 sent, 0 received, 0 conflicts")
        try expectSync(desktop, prints: "0 sent, 1 received, 0 conflicts")

        server.stop()  // the laptop goes offline; both edit the note
        try store.updateBody(of: note.id, to: "Trip\n- passport\n- tickets (laptop)")
        let offline = try laptop.syncNow()
        #expect(offline.status == 1 && offline.error.contains("The server could not be reached"), "\(offline.error)")
        let desktopStore = try NoteStore(path: desktop.notesPath)
        let desktopNote = try #require(try desktopStore.allNotes().first)
        try desktopStore.updateBody(of: desktopNote.id, to: "Trip\n- passport\n- charger (desktop)")
        try server.start()
        try expectSync(desktop, prints: "1 sent, 0 received, 0 conflicts")

        let back = try laptop.syncNow()  // back online: both versions meet
        #expect(back.status == 0 && back.output.hasPrefix("2 sent, 0 received, 1 conflict"), "\(back.output) \(back.error)")
        let texts = try laptop.liveTexts()
        #expect(texts.count == 2 && texts.contains("Trip\n- passport\n- tickets (laptop)"), "\(texts)")
        let copy = try #require(texts.first { $0.contains("charger") })
        #expect(copy.hasPrefix("Trip (conflict ") && copy.hasSuffix(")\n- passport\n- charger (desktop)"), "\(copy)")
        #expect(copy.split(separator: "\n").first?.wholeMatch(of: /Trip \(conflict \d{4}-\d{2}-\d{2} \d{2}:\d{2}\)/) != nil,
                "the copy is titled with when the conflict was found: \(copy)")
        try expectSync(desktop, prints: "0 sent, 2 received, 0 conflicts")
        #expect(try desktop.liveTexts() == texts, "both computers hold both versions")
        #expect(Set(server.files().values) == Set(texts))
    }

    @Test("a conflict found by the running Quire says so in a toast whose Show opens the server's version in a window of its own")
    func conflictShown() throws {
        let server = try WebDAVServer(.apache)
        let (session, keyring) = try QuireSession.syncing(with: server)
        defer { _ = keyring }
        let store = try NoteStore(path: session.notesPath)
        let note = try store.createNote(body: "Trip\n- passport")
        try expectSync(session, prints: "1 sent, 0 received, 0 conflicts")
        // Changed on both sides before Quire starts: its first sync finds the conflict.
        try store.updateBody(of: note.id, to: "Trip\n- passport\n- tickets (laptop)")
        try server.write("Trip\n- passport\n- charger (phone)", as: "Trip.md")
        store.close()

        try session.launch()
        let window = try session.waitForWindow(matching: "^Trip — Quire$")
        #expect(eventually(within: 30) { ((try? session.liveTexts()) ?? []).count == 2 }, "the server's version kept as a note")
        try session.desktop.xdotool("windowfocus", "--sync", window)
        // The toast comes after the sync is stored: Alt+S until its Show has opened the window.
        var opened: [String] = []
        #expect(eventually(within: 20) {
            _ = try? session.desktop.xdotool("key", "alt+s")
            opened = session.desktop.windowTitles(matching: "^Trip \\(conflict .*\\) — Quire$")
            return opened.count == 1
        }, "Show opened the server's version: \(session.desktop.windowTitles(matching: "Quire$"))")
        #expect(try session.stop() == 0)
    }

    @Test("a folder changed by another app: files added, renamed and deleted by hand become notes, renamed notes and trashed notes")
    func folderChangedByHand() throws {
        let server = try WebDAVServer(.apache)
        let (laptop, keyring) = try QuireSession.syncing(with: server)
        defer { _ = keyring }
        let store = try NoteStore(path: laptop.notesPath)
        for text in ["Alpha\nfirst", "Beta\nsecond", "Gamma\nthird"] { try store.createNote(body: text) }
        try expectSync(laptop, prints: "3 sent, 0 received, 0 conflicts")
        try server.write("Shopping\neggs\n", as: "Shopping.txt")
        try server.rename("Beta.md", to: "Second thoughts.md")
        try server.remove("Gamma.md")
        try server.write("Ignored", as: "picture.png")
        try expectSync(laptop, prints: "0 sent, 2 received, 0 conflicts, 1 moved to the trash")
        #expect(try laptop.liveTexts() == ["Alpha\nfirst", "Beta\nsecond", "Shopping\neggs\n"])
        #expect(try laptop.trashedTexts() == ["Gamma\nthird"])
        let renamed = try #require(try store.allNotes().first { $0.body == "Beta\nsecond" })
        #expect(try store.syncedFiles().first { $0.noteID == renamed.id }?.fileName == "Second thoughts.md",
                "the note follows its renamed file, not a copy of it")
        try expectSync(laptop, prints: "0 sent, 0 received, 0 conflicts")

        // Its first line now gives the name its file has: the file keeps it, not "Second thoughts (2)";
        // a title changed only in case keeps its file's name too (a server on a disk that ignores
        // case would refuse the move), no copy either.
        try store.updateBody(of: renamed.id, to: "Second thoughts\nsecond")
        let alpha = try #require(try store.allNotes().first { $0.body == "Alpha\nfirst" })
        try store.updateBody(of: alpha.id, to: "alpha\nfirst")
        try expectSync(laptop, prints: "2 sent, 0 received, 0 conflicts")
        #expect(server.files() == ["Alpha.md": "alpha\nfirst", "Second thoughts.md": "Second thoughts\nsecond", "Shopping.txt": "Shopping\neggs\n", "picture.png": "Ignored"],
                "\(server.files())")
        try expectSync(laptop, prints: "0 sent, 0 received, 0 conflicts")
    }

    @Test("a first sync sends new notes in batches: each reaches the server once, under its title, and is on record, so the next sync has nothing to do")
    func newNotesInBatches() throws {
        let server = try WebDAVServer(.apache)
        let (laptop, keyring) = try QuireSession.syncing(with: server)
        defer { _ = keyring }
        let store = try NoteStore(path: laptop.notesPath)
        let bodies = (1...150).map { "Batch note \($0)\nsent with others" }  // more than two batches
        _ = try store.importNotes(bodies.map { (body: $0, modifiedAt: Date()) })
        try expectSync(laptop, prints: "150 sent, 0 received, 0 conflicts")
        let files = server.files()
        #expect(files.count == 150 && Set(files.values) == Set(bodies), "\(files.count) files")
        #expect(files["Batch note 150.md"] == "Batch note 150\nsent with others")
        let records = try store.syncedFiles()
        #expect(records.count == 150)
        #expect(records.allSatisfy { $0.sentHash == nil && !$0.syncedHash.isEmpty && $0.syncedRevision >= 0 },
                "every note is on record as sent, none as still on its way")
        try expectSync(laptop, prints: "0 sent, 0 received, 0 conflicts")
    }

    @Test("a sync that would move more than half of the notes to the trash stops to ask, and --sync-anyway goes ahead")
    func massDeletionGuard() throws {
        let server = try WebDAVServer(.apache)
        let (laptop, keyring) = try QuireSession.syncing(with: server)
        defer { _ = keyring }
        let store = try NoteStore(path: laptop.notesPath)
        _ = try store.importNotes((1...12).map { (body: "Note \($0)", modifiedAt: Date()) })
        try expectSync(laptop, prints: "12 sent, 0 received, 0 conflicts")
        for name in server.files().keys { try server.remove(name) }  // a wiped server, or a wrong folder

        let stopped = try laptop.syncNow()
        #expect(stopped.status == 1, "\(stopped.output)")
        #expect(stopped.error.contains("would move 12 notes to the trash") && stopped.error.contains("quire --sync-anyway"), "\(stopped.error)")
        #expect(try laptop.liveTexts().count == 12, "nothing moved to the trash")
        let anyway = try laptop.syncNow("--sync-anyway")
        #expect(anyway.status == 0 && anyway.output.contains("12 moved to the trash"), "\(anyway.output) \(anyway.error)")
        #expect(try laptop.trashedTexts().count == 12 && laptop.liveTexts().isEmpty)
    }

    @Test("the first sync of a large folder, at launch, shows its progress in the window, and every note arrives once; the list holds only what it shows until End")
    func firstSyncShowsProgress() throws {
        let server = try WebDAVServer(.rclone)
        let texts = (1...5_000).map { String(format: "Server note %04d\nfrom the folder", $0) }
        for (index, text) in texts.enumerated() { try server.write(text, as: String(format: "Server note %04d.md", index + 1)) }
        let (session, keyring) = try QuireSession.syncing(with: server, accessibility: true)
        defer { _ = keyring }
        try session.launch(environment: ["QUIRE_TRACE_LISTS": "1"])
        let window = try session.waitForWindow(matching: "^New Note — Quire$")
        let tree = try AccessibilityTree(desktop: session.desktop)
        // Once notes come in, the server stops answering for a while: the sync is half done and the
        // window still. Under CI's load a walk of the accessibility tree takes seconds, and fails
        // while rows come and go; a sync running on could end before any walk saw its bar.
        #expect(eventually(within: 30) { (try? session.liveTexts().count).map { $0 > 0 } ?? false },
                "the sync, 2 s after launch, brings the first notes")
        server.pause()  // for less than libsoup's 30 s, after which the sync would give up
        defer { server.resume() }
        let shown = tree.elements(once: { $0.role == "progress bar" }, seconds: 15)
        try session.desktop.xdotool("windowfocus", "--sync", window)
        session.keepScreenshot(named: "sync-progress")
        server.resume()
        #expect(shown.contains { $0.role == "progress bar" }, "the sync, half done, shows a progress bar")
        #expect(shown.contains { $0.role == "label" && $0.name == "Syncing notes…" })
        #expect(eventually(within: 60) { (try? session.liveTexts().count) == texts.count })
        #expect(try session.liveTexts() == texts, "every note once")
        #expect(eventually(within: 10) { !((try? tree.elements()) ?? []).contains { $0.role == "progress bar" } },
                "the bar goes once the sync is done")
        let held = ListPaneTests.notesLoaded(in: session) ?? texts.count
        let store = try NoteStore(path: session.notesPath)
        // Read several at a time, each file's text went to the note recorded with that file.
        let bodies = Dictionary(uniqueKeysWithValues: try store.allNotes().map { ($0.id, $0.body) })
        let files = try store.syncedFiles()
        let mismatched = files.filter { bodies[$0.noteID]?.hasPrefix($0.fileName.dropLast(3) + "\n") != true }
        #expect(files.count == texts.count && mismatched.isEmpty, "\(mismatched.prefix(3))")
        // The first note in the list's order (files written in the same second tie on their date).
        let first = try #require(try store.notePageOfStoredIDs(after: nil, limit: 1).ids.first.flatMap(UUID.init(uuidString:)))
        let newest = try #require(try store.note(id: first)?.title)
        let rows = PinTests.titles(PinTests.rows(tree) { $0.contains { $0.hasPrefix(newest + ",") } })
        #expect(rows.contains(newest), "the list stayed at its top, at the newest note \(newest): \(rows.prefix(3))")
        // A list at its top stays there as notes come in above: it holds a page or two (111 here, under load too).
        #expect(held < 400, "the list let go of notes arriving far below what it shows: \(held): \(session.messages.split(separator: "\n").filter { $0.hasPrefix("list") }.suffix(12))")
        try session.desktop.xdotool("windowfocus", "--sync", window)
        for key in ["ctrl+f", "Tab", "End"] { try session.desktop.xdotool("key", key) }
        #expect(eventually(within: 10) { ListPaneTests.notesLoaded(in: session) == texts.count },
                "End brings every note, each once: \(session.messages.split(separator: "\n").filter { $0.hasPrefix("list") }.suffix(8))")
        #expect(try session.stop() == 0)
    }

    @Test("from launch until a first sync is done, an empty list says the notes are on their way, never that there are none; once they are in, it lists them")
    func emptyListWhileFirstSync() throws {
        let server = try WebDAVServer(.rclone)
        let texts = try server.writeNumberedNotes(300)
        let (session, keyring) = try QuireSession.syncing(with: server, accessibility: true)
        defer { _ = keyring }
        // A server that takes the sync's request and does not answer yet: the sync runs, no note is in.
        server.pause()
        defer { server.resume() }
        try session.launch()
        let window = try session.waitForWindow(matching: "^New Note — Quire$")
        let tree = try AccessibilityTree(desktop: session.desktop)
        // From the first look on, until the page says the notes are coming, it never says there are none:
        // the first sync is due from launch, before it starts.
        var everShown: [AccessibilityTree.Element] = []
        let coming = eventually(within: 20) {
            let shown = (try? tree.elements()) ?? []
            everShown += shown
            return shown.contains { $0.role == "label" && $0.name == "Getting Your Notes" }
        }
        #expect(coming, "\(Set(everShown.map(\.name)).sorted())")
        #expect(!everShown.contains { $0.name == "No Notes Yet" })
        try session.desktop.xdotool("windowfocus", "--sync", window)
        session.keepScreenshot(named: "sync-empty-list")
        server.resume()
        #expect(eventually(within: 40) { (try? session.liveTexts()) == texts }, "the sync went on once the server answered")
        let rows = PinTests.rows(tree) { !$0.isEmpty }
        #expect(!rows.isEmpty && !((try? tree.elements()) ?? []).contains { $0.name == "Getting Your Notes" },
                "the list shows the notes: \(rows.prefix(3))")
        #expect(try session.stop() == 0)
    }

    @Test("a sync asked for right after typing takes the typing, and the sync that waited for it to settle does not run again for nothing")
    func noSyncForNothingAfterEdits() throws {
        let server = try WebDAVServer(.apache)
        let (session, keyring) = try QuireSession.syncing(with: server)
        defer { _ = keyring }
        let beforeLaunch = try NoteStore(path: session.notesPath).syncAccount()?.lastSync
        try session.launch()
        let window = try session.waitForWindow(matching: "^New Note — Quire$")
        #expect(eventually(within: 30) { (try? NoteStore(path: session.notesPath).syncAccount()?.lastSync) != beforeLaunch },
                "the sync at launch is done")
        try session.writeNotes(["Typed just now"], into: window)
        let sync = try session.syncNow()
        #expect(sync.status == 0 && sync.output.hasPrefix("1 sent"), "\(sync.output) \(sync.error)")
        let synced = try #require(try NoteStore(path: session.notesPath).syncAccount()?.lastSync)
        Thread.sleep(forTimeInterval: 8)  // past the 5 s the sync after edits waits for them to settle
        #expect(try NoteStore(path: session.notesPath).syncAccount()?.lastSync == synced, "no sync ran since")
        #expect(server.files() == ["Typed just now.md": "Typed just now"])
        #expect(try session.stop() == 0)
    }

    /// Launches `session`'s Quire, chooses Sync Now in the main menu (with no
    /// account, it opens Preferences on its Sync page), types in `server`'s
    /// folder address, the user name and the password, and presses Connect
    /// (Return); returns the main window and Preferences.
    private func connectInPreferences(
        _ session: QuireSession, to server: WebDAVServer, password: String = WebDAVServer.password
    ) throws -> (window: String, preferences: String) {
        try session.launch()
        let window = try session.waitForWindow(matching: "^New Note — Quire$")
        try session.desktop.xdotool("windowfocus", "--sync", window)
        try session.openPrimaryMenu()
        // Up from the first item wraps to Quit; then About, Help, Keyboard Shortcuts, Windows, Preferences, Sync Now.
        try session.desktop.xdotool("key", "Up", "Up", "Up", "Up", "Up", "Up", "Up", "Return")
        let preferences = try session.waitForWindow(matching: "^Preferences$")
        try session.desktop.xdotool("windowfocus", "--sync", preferences)
        try session.desktop.type(server.folderURL, into: preferences)  // the first field has the focus
        try session.desktop.xdotool("key", "Tab")
        try session.desktop.type(WebDAVServer.user, into: preferences)
        try session.desktop.xdotool("key", "Tab")
        try session.desktop.type(password, into: preferences)
        try session.desktop.xdotool("key", "Return")  // Connect
        try connectUnencryptedIfAsked(session, to: server)
        return (window, preferences)
    }

    /// An unencrypted address asks first: Connect Unencrypted (Cancel is the default).
    private func connectUnencryptedIfAsked(_ session: QuireSession, to server: WebDAVServer) throws {
        guard server.folderURL.hasPrefix("http://") else { return }
        let question = try session.waitForWindow(matching: "^Connect Without Encryption\\?$", seconds: 20)
        try session.desktop.xdotool("windowfocus", "--sync", question)
        try session.desktop.xdotool("key", "Tab", "Return")
    }

    @Test("Connect with a password the server refuses says why under the fields, and marks the user name and the password as refused (to a screen reader too); typing a new password takes its mark away; Preferences closed and opened again keeps the address and user name typed, and the right password connects, the reason gone and Turn Off shown; Turn Off's toast goes by itself")
    func refusedPasswordInPreferences() throws {
        let server = try WebDAVServer(.apache)
        let session = try QuireSession(accessibility: true)
        let keyring = try session.startKeyring()
        defer { _ = keyring }
        let (window, preferences) = try connectInPreferences(session, to: server, password: "not the password")
        let tree = try AccessibilityTree(desktop: session.desktop)
        let marked = tree.elements(once: { $0.name == "Password" && $0.isInvalid }, seconds: 20)
        let described = marked.map(\.description).joined(separator: "\n")
        #expect(Set(marked.filter(\.isInvalid).map(\.name)) == ["User Name", "Password"], "the two fields marked:\n\(described)")
        #expect(marked.contains { $0.role == "label" && $0.name == "Could not connect: The server refused the user name or password." },
                "the reason under the fields:\n\(described)")
        #expect(marked.contains { $0.name.hasPrefix("Keep your notes on every computer") }, "the group's description stays:\n\(described)")
        #expect(!marked.contains { $0.name == "Turn Off" }, "nothing to turn off yet:\n\(described)")
        session.keepScreenshot(named: "sync-preferences-refused")
        #expect(try NoteStore(path: session.notesPath).syncAccount() == nil, "nothing set up")

        try session.desktop.xdotool("windowfocus", "--sync", preferences)
        try session.desktop.xdotool("key", "ctrl+a")
        try session.desktop.type(WebDAVServer.password, into: preferences)  // the password field still has the focus
        let typed = tree.elements(once: { $0.name == "Password" && !$0.isInvalid })
        #expect(typed.filter(\.isInvalid).map(\.name) == ["User Name"], "the password's mark gone as it changed:\n\(typed.map(\.description).joined(separator: "\n"))")

        // Preferences closed and opened again in the same run keeps the address and
        // user name typed: the focus is in the password field, the first one empty.
        try session.desktop.xdotool("key", "Escape")
        #expect(eventually(within: 10) { (try? session.desktop.xdotool("search", "--onlyvisible", "--name", "^Preferences$")) == nil },
                "Preferences closed")
        try session.desktop.xdotool("windowfocus", "--sync", window)
        try session.openPrimaryMenu()
        try session.desktop.xdotool("key", "Up", "Up", "Up", "Up", "Up", "Up", "Up", "Return")  // Sync Now
        let reopened = try session.waitForWindow(matching: "^Preferences$")
        try session.desktop.type(WebDAVServer.password, into: reopened)
        try session.desktop.xdotool("key", "Return")
        try connectUnencryptedIfAsked(session, to: server)
        #expect(eventually(within: 20) { (try? NoteStore(path: session.notesPath).syncAccount()?.folderURL) == server.folderURL },
                "connected with the right password")
        #expect(eventually(within: 10) { ((try? tree.elements()) ?? []).allSatisfy { !$0.isInvalid } }, "no field marked once connected")
        let connected = try tree.elements()
        #expect(!connected.contains { $0.name.hasPrefix("Could not connect") } && connected.contains { $0.name == "Turn Off" },
                "the reason gone, Turn Off shown:\n\(connected.map(\.description).joined(separator: "\n"))")

        // Turn Off: its toast says so, and goes by itself (the keyboard, on Connect now, is not in it).
        let off = try #require(connected.first { $0.name == "Turn Off" }?.frame)
        try session.desktop.xdotool("mousemove", "--window", reopened, "\(off.x + off.width / 2)", "\(off.y + off.height / 2)", "click", "1")
        try session.desktop.xdotool("mousemove", "0", "0")  // off the toast, which shows where Turn Off was
        let said = "Sync is off. The notes stay here, and on the server as they are."
        #expect(tree.elements(once: { $0.name == said }).contains { $0.name == said }, "the toast says so")
        #expect(eventually(within: 20) { !((try? tree.elements()) ?? []).contains { $0.name == said } }, "and goes by itself")
        #expect(try NoteStore(path: session.notesPath).syncAccount() == nil, "sync is off")
        #expect(try session.stop() == 0)
    }

    @Test("set up in Preferences as a person does: typed in, Connect, the server's notes arrive, Last Sync names a file left (“Q&A <draft>.md”) as it is; a failed sync shows in the header bar, one click from its reason")
    func setUpInPreferences() throws {
        let server = try WebDAVServer(.apache)
        try server.write("Welcome\nfrom the server", as: "Welcome.md")
        try server.write("Q&A\nnot readable", as: "Q&A <draft>.md")
        chmod(server.folderPath + "/Q&A <draft>.md", 0)  // Apache (www-data) may not read it: left, and named
        let session = try QuireSession(accessibility: true)
        let keyring = try session.startKeyring()
        defer { _ = keyring }
        let (window, preferences) = try connectInPreferences(session, to: server)
        #expect(eventually(within: 20) { (try? session.liveTexts().contains("Welcome\nfrom the server")) == true },
                "the server's note arrives: \((try? session.liveTexts()) ?? [])")
        #expect(try NoteStore(path: session.notesPath).syncAccount()?.folderURL == server.folderURL)
        session.keepScreenshot(named: "sync-preferences-connected")
        let tree = try AccessibilityTree(desktop: session.desktop)
        #expect(!((try? tree.elements()) ?? []).contains { $0.name == "The last sync failed" }, "nothing to say after a good sync")
        let left = "“Q&A <draft>.md”: the server does not let this account read it."
        let lastSync = tree.elements(once: { $0.role == "label" && $0.name.contains(left) })
        #expect(lastSync.contains { $0.role == "label" && $0.name.contains("1 received") && $0.name.contains(left) },
                "Last Sync names the file left as it is called, not taken for markup:\n\(lastSync.map(\.description).joined(separator: "\n"))")

        try server.changePassword(to: "changed")
        let failed = try session.syncNow()  // through the running Quire
        #expect(failed.status == 1 && failed.error.contains("refused the user name or password"), "\(failed.error)")
        let elements = tree.elements(once: { $0.name == "The last sync failed" && $0.role == "push button" })
        #expect(elements.contains { $0.name == "The last sync failed" },
                "the header bar's button says the sync failed:\n\(elements.map(\.description).joined(separator: "\n"))")
        #expect(elements.contains { $0.name.contains("Failed: The server refused the user name or password.") }
                    || elements.contains { $0.name == "Last Sync" }, "Preferences tells the reason")
        session.keepScreenshot(named: "sync-failed-header")
        try session.desktop.xdotool("windowfocus", "--sync", preferences)
        try session.desktop.xdotool("key", "Escape")  // closes Preferences
        #expect(eventually(within: 5) { session.desktop.windowTitles(matching: "^Preferences$").isEmpty })
        try session.desktop.xdotool("windowfocus", "--sync", window)
        try session.desktop.xdotool("key", "ctrl+q")
        #expect(session.process?.waitForExit(seconds: 10) == 0)
        #expect(!FileManager.default.fileExists(atPath: session.notesPath + "-wal"),
                "sync's own connection closed at quit, so SQLite folded its log into the file")
    }

    @Test("a server with a certificate of its own, set up in Preferences: Connect shows its fingerprint, and Trust and Connect syncs through it from then on")
    func trustServerCertificateInPreferences() throws {
        let server = try WebDAVServer(.rclone, https: true)
        try server.write("Welcome\nover TLS", as: "Welcome.md")
        let certificate = try #require(server.certificatePath)
        let fingerprint = try ChildProcess.run("openssl", ["x509", "-noout", "-fingerprint", "-sha256", "-in", certificate],
                                               environment: ProcessInfo.processInfo.environment, outputDirectory: NSTemporaryDirectory()).output
            .split(separator: "=").last.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) } ?? ""
        #expect(fingerprint.count == 95, "openssl's fingerprint: \(fingerprint)")
        let session = try QuireSession(accessibility: true)
        let keyring = try session.startKeyring()
        defer { _ = keyring }
        let (window, preferences) = try connectInPreferences(session, to: server)

        let question = try session.waitForWindow(matching: "^Trust This Server’s Certificate\\?$", seconds: 20)
        let tree = try AccessibilityTree(desktop: session.desktop)
        let elements = tree.elements(once: { $0.name.contains(fingerprint) })
        #expect(elements.contains { $0.name.contains("SHA-256 \(fingerprint)") },
                "the dialog shows the certificate's fingerprint as openssl gives it:\n\(elements.map(\.description).joined(separator: "\n"))")
        #expect(try NoteStore(path: session.notesPath).syncAccount() == nil, "nothing is set up before the person trusts it")
        session.keepScreenshot(named: "sync-trust-certificate")
        try session.desktop.xdotool("windowfocus", "--sync", question)
        try session.desktop.xdotool("key", "Tab", "Return")  // from Cancel, the default, to Trust and Connect

        #expect(eventually(within: 20) { (try? session.liveTexts().contains("Welcome\nover TLS")) == true },
                "the server's note arrives: \((try? session.liveTexts()) ?? [])")
        let account = try #require(try NoteStore(path: session.notesPath).syncAccount())
        #expect(account.folderURL == server.folderURL)
        let kept = try #require(account.trustedCertificates)
        let keptText = try String(contentsOfFile: kept, encoding: .utf8)
        #expect(try keptText == String(contentsOfFile: certificate, encoding: .utf8), "the certificate kept is the server's")
        #expect(kept.hasPrefix(URL(fileURLWithPath: session.notesPath).deletingLastPathComponent().path), "kept beside the notes: \(kept)")

        // From then on it syncs through the server as any other.
        try session.desktop.xdotool("windowfocus", "--sync", preferences)
        try session.desktop.xdotool("key", "Escape")
        #expect(eventually(within: 5) { session.desktop.windowTitles(matching: "^Preferences$").isEmpty })
        try session.desktop.xdotool("windowfocus", "--sync", window)
        try session.desktop.xdotool("key", "ctrl+n")  // a new note, whichever the window shows
        try session.desktop.type("Written here", into: window)
        #expect(eventually(within: 10) { (try? session.liveTexts())?.contains("Written here") == true },
                "\((try? session.liveTexts()) ?? [])")
        let sync = try session.syncNow()  // (the sync a few seconds after typing may have sent it already)
        #expect(sync.status == 0, "\(sync.output) \(sync.error)")
        #expect(server.files()["Written here.md"] == "Written here", "\(server.files())")
        try session.desktop.xdotool("windowfocus", "--sync", window)
        try session.desktop.xdotool("key", "ctrl+q")
        #expect(session.process?.waitForExit(seconds: 10) == 0)
    }
}
