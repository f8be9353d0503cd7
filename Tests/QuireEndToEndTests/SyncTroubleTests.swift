import Foundation
import NoteModel
import Testing
import TestSupport

/// Sync when things go wrong: a server that refuses the password, fails its
/// writes, runs out of space, answers with broken XML or stops mid-sync; this
/// computer's disk full, another program holding the notes' lock; a
/// certificate of the server's own; no keyring. Quire says what happened in
/// plain words, loses nothing, and the next sync finishes the job.
@Suite("Sync trouble, end to end", .serialized, .oneAtATime)
struct SyncTroubleTests {
    @Test("a refused password, writes failing with 500 and a full disk (507) fail the sync with the reason; nothing is lost, and the next sync finishes")
    func failingServer() throws {
        let disk = try SmallDisk(megabytes: 2)
        let server = try WebDAVServer(.apache, root: disk.path)
        let (laptop, keyring) = try QuireSession.syncing(with: server)
        defer { _ = keyring }
        let store = try NoteStore(path: laptop.notesPath)
        try store.createNote(body: "First\nkept")
        #expect(try laptop.syncNow().status == 0)

        try server.changePassword(to: "changed")
        let refused = try laptop.syncNow()
        #expect(refused.status == 1 && refused.error.contains("The server refused the user name or password."), "\(refused.error)")
        try server.changePassword(to: WebDAVServer.password)

        try store.createNote(body: "Second\nwritten while the server fails")
        try server.failWrites(true)
        let failed = try laptop.syncNow()
        #expect(failed.status == 1 && failed.error.contains("The server failed (500"), "\(failed.error)")
        try server.failWrites(false)

        disk.fill()
        let full = try laptop.syncNow()
        #expect(full.status == 1 && full.error.contains("The server is out of space."), "\(full.error) \(server.errorLog.suffix(500))")
        disk.free()

        let finished = try laptop.syncNow()
        #expect(finished.status == 0 && finished.output.hasPrefix("1 sent, 0 received, 0 conflicts"), "\(finished.output) \(finished.error)")
        #expect(Set(server.files().values) == ["First\nkept", "Second\nwritten while the server fails"], "no half-written or doubled file")
        #expect(try laptop.liveTexts() == ["First\nkept", "Second\nwritten while the server fails"])
    }

    @Test("this computer's disk filling up during a sync, then another program holding the notes' write lock: the sync stops saying why in plain words, nothing is lost or half-taken, and the next one finishes")
    func localTrouble() throws {
        let disk = try SmallDisk(megabytes: 3)
        let server = try WebDAVServer(.apache)
        let session = try QuireSession(dataHome: disk.path + "/data")
        let keyring = try session.startKeyring()
        defer { _ = keyring }
        #expect(try session.setUpSync(with: server).status == 0)
        let texts = (1...300).map { String(format: "Note %03d\n", $0) + String(repeating: "a word or two ", count: 60) }
        for (index, text) in texts.enumerated() { try server.write(text, as: String(format: "Note %03d.md", index + 1)) }

        // 300 notes do not fit in 3 MB with the log SQLite keeps of them.
        let full = try session.syncNow(seconds: 120)
        #expect(full.status == 1 && full.error.contains("The disk is full, so the sync could not write to your notes."),
                "\(full.output) \(full.error)")
        // The notes open as they are, the disk still full: the log that the failed
        // write left is not damage, and every note taken in has its file on record.
        let store = try NoteStore(path: session.notesPath)
        #expect(store.openingNotices.isEmpty, "\(store.openingNotices)")
        let taken = try store.allNotes()
        let synced = try Set(store.syncedFiles().map(\.noteID))
        #expect(!taken.isEmpty && taken.count < texts.count && taken.allSatisfy { synced.contains($0.id) && texts.contains($0.body) })
        store.close()

        try disk.resize(megabytes: 32)
        // Another program takes the write lock, and keeps it over a sync.
        let lock = try session.holdNotesLock()
        #expect(lock.taken, "the lock is taken: \(lock.holder.standardError)")
        let locked = try session.syncNow()
        #expect(locked.status == 1 && locked.error.contains("Another program is using your notes file; the next sync will try again."),
                "\(locked.output) \(locked.error)")
        #expect(lock.release() == 0)

        let rest = try session.syncNow(seconds: 120)
        #expect(rest.status == 0, "\(rest.output) \(rest.error)")
        #expect(try session.liveTexts() == texts, "every note, once")
        #expect(DatabaseCheck.problems(in: session.notesPath, directory: session.desktop.directory.path).isEmpty)
        #expect(try session.syncNow().output.hasPrefix("0 sent, 0 received, 0 conflicts"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: disk.path + "/data/io.github.quire.Quire")
            .allSatisfy { !$0.contains(".damaged-") }, "no copy of a log taken for damaged")
    }

    @Test("a sync in the running Quire that another program's lock on the notes stopped tries again by itself, seconds later")
    func retriesAfterLock() throws {
        let server = try WebDAVServer(.apache)
        let (session, keyring) = try QuireSession.syncing(with: server)
        defer { _ = keyring }
        try server.write("From the server\nwritten elsewhere", as: "From the server.md")
        // Another program holds the write lock over the sync at launch (2 s in).
        let lock = try session.holdNotesLock()
        #expect(lock.taken, "the lock is taken: \(lock.holder.standardError)")
        try session.launch()
        _ = try session.waitForWindow(matching: "Quire$")
        #expect(eventually(within: 10) { session.messages.contains("Another program is using your notes file") }, "\(session.messages)")
        #expect(lock.release() == 0)
        #expect(eventually(within: 15) { (try? session.liveTexts())?.contains("From the server\nwritten elsewhere") == true },
                "taken in by the sync that tried again, not five minutes later: \(session.messages)")
        #expect(try session.stop() == 0)
    }

    @Test(
        "a renamed note's old file that a sync cut short left locked (nginx) stays, said to be being written, until the lock goes; then it is removed, and never comes back as a note; whether or not the server had given it a version",
        arguments: [true, false])
    func lockedStaleFile(versionKnown: Bool) throws {
        let server = try WebDAVServer(.nginx, lockSeconds: 600)
        let (session, keyring) = try QuireSession.syncing(with: server)
        defer { _ = keyring }
        let store = try NoteStore(path: session.notesPath)
        let note = try store.createNote(body: "Old title\ntext")
        // nginx's listing gives a file a version (its size and date) once it is 2 s old;
        // a sync then records it, as the sync before a rename has. A rename
        // within 2 s of the first sync has none.
        #expect(eventually(within: 20) {
            (try? session.syncNow().status) == 0
                && (!versionKnown || (try? store.syncedFiles().first { $0.noteID == note.id }?.etag) != nil)
        })
        try store.updateBody(of: note.id, to: "New title\ntext")
        // As a sync killed in the middle of the rename leaves it: the new name on
        // record, the old one to remove, and the old file still under its lock.
        var file = try #require(store.syncedFiles().first { $0.noteID == note.id })
        if !versionKnown { file.etag = nil }
        var renamed = file
        renamed.fileName = "New title.md"
        renamed.etag = nil
        renamed.titleBase = "New title"
        renamed.sentHash = TextFingerprint.of("New title\ntext")
        try store.beginRename(to: renamed, from: file)
        let token = try server.lock("Old title.md")

        let locked = try session.syncNow()
        #expect(locked.error.contains("being written by another device"), "\(locked.output) \(locked.error)")
        #expect(try session.liveTexts() == ["New title\ntext"], "the old file is not taken for a note")
        #expect(server.files()["Old title.md"] == "Old title\ntext", "the old file stays while it is locked")
        try server.unlock("Old title.md", token: token)
        let after = try session.syncNow()
        #expect(after.status == 0, "\(after.output) \(after.error)")
        #expect(server.files() == ["New title.md": "New title\ntext"])
        #expect(try session.liveTexts() == ["New title\ntext"])
        #expect(try session.syncNow().output.hasPrefix("0 sent, 0 received, 0 conflicts"))
    }

    @Test(
        "an empty file that a sync cut short left under its lock (a rename's new name, made by the lock) goes with the lock at the next sync, never taken in as a note; a locked file the sync had written stays",
        arguments: [WebDAVServer.Kind.rclone, .nginx])
    func emptyLockedFileLeft(kind: WebDAVServer.Kind) throws {
        let server = try WebDAVServer(kind, lockSeconds: 600)
        let (session, keyring) = try QuireSession.syncing(with: server)
        defer { _ = keyring }
        let store = try NoteStore(path: session.notesPath)
        _ = try store.createNote(body: "Kept\ntext")
        #expect(try session.syncNow().status == 0)
        // As a sync killed right after its locks were granted leaves it: on record
        // (token, name, and "made" where the lock made the file), one file empty, one written.
        let empty = try server.lock("New title.md")
        let written = try server.lock("Written.md")
        #expect(server.files()["New title.md"] == "", "the lock made an empty file: \(server.files())")
        try server.put("Written\nby the sync", as: "Written.md", underLock: written)
        let record = [[empty, "New title.md", "made"], [written, "Written.md", "made"]]
        try JSONEncoder().encode(record).write(to: URL(fileURLWithPath: session.notesPath + ".sync-locks"))

        let after = try session.syncNow()
        #expect(after.status == 0, "\(after.output) \(after.error)")
        #expect(server.files() == ["Kept.md": "Kept\ntext", "Written.md": "Written\nby the sync"], "\(server.files())")
        #expect(try session.liveTexts().sorted() == ["Kept\ntext", "Written\nby the sync"], "no empty note")
        #expect(!FileManager.default.fileExists(atPath: session.notesPath + ".sync-locks"), "every lock let go of")
    }

    @Test(
        "an empty file that another device's sync made with its lock and holds is not taken in while the lock holds; once its owner has removed it, nothing of it is here, not even in the trash; an empty file no one locks is taken in",
        arguments: [WebDAVServer.Kind.rclone, .nginx])
    func othersEmptyLockedFile(kind: WebDAVServer.Kind) throws {
        let server = try WebDAVServer(kind, lockSeconds: 600)
        let (session, keyring) = try QuireSession.syncing(with: server)
        defer { _ = keyring }
        _ = try NoteStore(path: session.notesPath).createNote(body: "Kept\ntext")
        #expect(try session.syncNow().status == 0)
        // As another device's sync leaves it between its lock and its write, or killed there.
        let token = try server.lock("Groceries.md")
        #expect(server.files()["Groceries.md"] == "", "the lock made an empty file: \(server.files())")

        let locked = try session.syncNow()
        #expect(locked.error.contains("being written by another device"), "\(locked.output) \(locked.error)")
        #expect(try session.liveTexts() == ["Kept\ntext"], "no empty note while the file is being written")
        // The owner's next sync removes the empty file under its lock, and lets the
        // lock go (as GuardedFolder does, best effort: the removal may have ended it).
        try server.delete("Groceries.md", underLock: token)
        try? server.unlock("Groceries.md", token: token)
        let after = try session.syncNow()
        #expect(after.status == 0 && after.output.hasPrefix("0 sent, 0 received, 0 conflicts"), "\(after.output) \(after.error)")
        #expect(try session.liveTexts() == ["Kept\ntext"])
        #expect(try session.trashedTexts().isEmpty, "nothing of the empty file in the trash")

        // An empty file through the server (rclone sees no file written by hand at once).
        try server.unlock("Blank.md", token: try server.lock("Blank.md"))
        let blank = try session.syncNow()
        #expect(blank.status == 0 && blank.output.hasPrefix("0 sent, 1 received, 0 conflicts"), "\(blank.output) \(blank.error)")
        let texts = try session.liveTexts()
        #expect(texts.count == 2, "an empty file no one writes is a note: \(texts)")

        // The lock that checked it may have given the file a new date (nginx's version):
        // the next sync reads nothing again, and text typed into the note goes out, no conflict.
        let quiet = try session.syncNow()
        #expect(quiet.status == 0 && quiet.output.hasPrefix("0 sent, 0 received, 0 conflicts"), "\(quiet.output) \(quiet.error)")
        let store = try NoteStore(path: session.notesPath)
        let blankNote = try #require(try store.allNotes().first { $0.body.isEmpty })
        try store.updateBody(of: blankNote.id, to: "Blank\nfilled in here")
        let filled = try session.syncNow()
        #expect(filled.status == 0 && filled.output.hasPrefix("1 sent, 0 received, 0 conflicts"), "\(filled.output) \(filled.error)")
        #expect(server.files() == ["Kept.md": "Kept\ntext", "Blank.md": "Blank\nfilled in here"], "\(server.files())")
        #expect(try session.liveTexts() == ["Blank\nfilled in here", "Kept\ntext"])
    }

    @Test("a rename the server fails (500 to its MOVE): the sync says so and the file stays as it was; the next one renames it, and the other Quire takes the rename, not a copy")
    func failedRename() throws {
        let server = try WebDAVServer(.apache)
        let (laptop, laptopKeyring) = try QuireSession.syncing(with: server)
        let (desktop, desktopKeyring) = try QuireSession.syncing(with: server)
        defer { _ = (laptopKeyring, desktopKeyring) }
        let store = try NoteStore(path: laptop.notesPath)
        let note = try store.createNote(body: "Groceries\nmilk")
        #expect(try laptop.syncNow().status == 0)
        #expect(try desktop.syncNow().status == 0)

        try store.updateBody(of: note.id, to: "Weekly groceries\nmilk")
        try server.failWrites(true)
        let failed = try laptop.syncNow()
        #expect(failed.status == 1 && failed.error.contains("The server failed (500"), "\(failed.output) \(failed.error)")
        #expect(server.files() == ["Groceries.md": "Groceries\nmilk"], "the file as it was")
        try server.failWrites(false)

        let earlier = server.requests().count
        let finished = try laptop.syncNow()
        #expect(finished.status == 0 && finished.output.hasPrefix("1 sent, 0 received, 0 conflicts"), "\(finished.output) \(finished.error)")
        #expect(server.files() == ["Weekly groceries.md": "Weekly groceries\nmilk"], "renamed: the old name gone, no copy")
        // Renamed in one request, as a rename the server took at once is, so the other Quire never lists both names.
        let renaming = server.requests().dropFirst(earlier).filter { !$0.hasPrefix("PROPFIND ") && !$0.hasPrefix("GET ") }
        #expect(renaming == ["MOVE /notes/Groceries.md 201", "PROPPATCH /notes/Weekly groceries.md 207", "PUT /notes/Weekly groceries.md 204"],
                "\(renaming)")
        let taken = try desktop.syncNow()
        #expect(taken.status == 0 && taken.output.hasPrefix("0 sent, 1 received, 0 conflicts"), "\(taken.output) \(taken.error)")
        #expect(try desktop.liveTexts() == ["Weekly groceries\nmilk"])
        #expect(try desktop.trashedTexts().isEmpty, "the note renamed, not trashed and copied")
        #expect(try laptop.syncNow().output.hasPrefix("0 sent, 0 received, 0 conflicts"))
    }

    @Test("a server stopped in the middle of a first sync of 300 notes: the sync says so, and the next one sends the rest without a duplicate")
    func serverStopsMidSync() throws {
        let server = try WebDAVServer(.apache)
        let (laptop, keyring) = try QuireSession.syncing(with: server)
        defer { _ = keyring }
        let texts = (1...300).map { String(format: "Note %03d\nbody %d", $0, $0) }
        _ = try NoteStore(path: laptop.notesPath).importNotes(texts.map { (body: $0, modifiedAt: Date()) })
        let sync = try ChildProcess(
            BuiltProducts.executable("quire"), ["--sync-now"], environment: laptop.environment(),
            outputDirectory: laptop.desktop.directory.path)
        #expect(eventually(within: 60) { server.files().count >= 30 }, "the sync is under way")
        server.stop()
        #expect(sync.waitForExit(seconds: 60) == 1, "the sync fails: \(sync.standardOutput) \(sync.standardError)")
        #expect(sync.standardError.contains("The server could not be reached"), "\(sync.standardError)")
        let sentBefore = server.files().count
        #expect(sentBefore < 300)

        try server.start()
        let rest = try laptop.syncNow(seconds: 120)
        #expect(rest.status == 0, "\(rest.output) \(rest.error)")
        let files = server.files()
        #expect(files.count == 300 && Set(files.values) == Set(texts),
                "every note once, none twice: \(files.filter { !texts.contains($0.value) }.map { "\($0.key): \($0.value.debugDescription)" })")
        let live = try laptop.liveTexts()
        #expect(live == texts.sorted(), "and no note doubled here: \(live.filter { !texts.contains($0) }.map(\.debugDescription))")
        let again = try laptop.syncNow()
        #expect(again.output.hasPrefix("0 sent, 0 received, 0 conflicts"), "\(again.output)")
    }

    @Test("a listing that is not XML, an address that is not WebDAV, a wrong password, a missing folder, a read-only one and an address of plain HTTP without http:// are refused at setup, in plain words")
    func refusedSetups() throws {
        let server = try WebDAVServer(.apache)
        let session = try QuireSession()
        let keyring = try session.startKeyring()
        defer { _ = keyring }
        let broken = try session.setUpSync(with: server, address: server.brokenFolderURL)
        #expect(broken.status == 1 && broken.error.contains("could not be read as a WebDAV folder"), "\(broken.error)")
        let wrong = try session.setUpSync(with: server, password: "wrong")
        #expect(wrong.status == 1 && wrong.error.contains("refused the user name or password"), "\(wrong.error)")
        let nowhere = try session.setUpSync(with: server, address: "http://127.0.0.1:9/notes/")
        #expect(nowhere.status == 1 && nowhere.error.contains("could not be reached"), "\(nowhere.error)")
        let missing = try session.setUpSync(with: server, address: server.folderURL + "nowhere/")
        #expect(missing.status == 1 && missing.error.contains("The folder is not on the server"), "\(missing.error)")
        let readOnly = try session.setUpSync(with: server, address: server.readOnlyFolderURL)
        #expect(readOnly.status == 1 && readOnly.error.contains("read-only"), "\(readOnly.error)")
        let noScheme = try session.setUpSync(with: server, address: String(server.folderURL.dropFirst("http://".count)))
        #expect(noScheme.status == 1 && noScheme.error.contains("did not set up a secure connection")
                    && noScheme.error.contains("write its address starting with http://") && !noScheme.error.contains("certificate is not trusted"),
                "https:// assumed, to a server of plain HTTP: \(noScheme.error)")
        let notAnAddress = try session.setUpSync(with: server, address: "ftp://example.org/notes")
        #expect(notAnAddress.status == 1 && notAnAddress.error.contains("is not a web address"), "\(notAnAddress.error)")
        #expect(try NoteStore(path: session.notesPath).syncAccount() == nil, "nothing was set up")
        let unset = try session.syncNow()
        #expect(unset.status == 1 && unset.error.contains("Sync is not set up"), "\(unset.error)")
    }

    @Test("over HTTPS with rclone: its own certificate is refused until trusted, then two Quires sync through it")
    func httpsWithRclone() throws {
        let server = try WebDAVServer(.rclone, https: true)
        let session = try QuireSession()
        let keyring = try session.startKeyring()
        defer { _ = keyring }
        let untrusted = try session.setUpSync(with: server, trusting: false)
        #expect(untrusted.status == 1 && untrusted.error.contains("No authority this computer knows signed the server's certificate"),
                "\(untrusted.error)")

        let (laptop, laptopKeyring) = try QuireSession.syncing(with: server)
        let (desktop, desktopKeyring) = try QuireSession.syncing(with: server)
        defer { _ = (laptopKeyring, desktopKeyring) }
        try NoteStore(path: laptop.notesPath).createNote(body: "Über HTTPS\nçà 日本")
        #expect(try laptop.syncNow().output.hasPrefix("1 sent"))
        #expect(try desktop.syncNow().output.hasPrefix("0 sent, 1 received"))
        #expect(try desktop.liveTexts() == ["Über HTTPS\nçà 日本"])
        #expect(server.files() == ["Über HTTPS.md": "Über HTTPS\nçà 日本"])
    }

    @Test("with no keyring running, the password is kept for that run only, said so, and a later sync asks for it again")
    func noKeyring() throws {
        let server = try WebDAVServer(.apache)
        let session = try QuireSession()
        let bare = try BareBus()  // no Secret Service, and none to start
        let noKeyring = ["DBUS_SESSION_BUS_ADDRESS": bare.address]
        try NoteStore(path: session.notesPath).createNote(body: "Without a keyring")
        let setup = try session.setUpSync(with: server, ["--sync-now"], environment: noKeyring)
        #expect(setup.status == 0, "\(setup.output) \(setup.error)")
        #expect(setup.error.contains("it is kept for this run only"), "\(setup.error)")
        #expect(setup.output.contains("1 sent, 0 received, 0 conflicts"), "the same run syncs with it: \(setup.output)")
        let later = try session.syncNow(environment: noKeyring)
        #expect(later.status == 1 && later.error.contains("No password is known"), "\(later.error)")
        let database = try String(decoding: Data(contentsOf: URL(fileURLWithPath: session.notesPath)), as: UTF8.self)
        #expect(!database.contains(WebDAVServer.password), "the password is nowhere in the notes")
    }

    @Test("a keyring that stops answering holds a sync up no longer than the time limit: it fails asking for the password, and the keyring's next answer lets the sync through")
    func keyringThatHangs() throws {
        let server = try WebDAVServer(.apache)
        let (session, keyring) = try QuireSession.syncing(with: server)
        try NoteStore(path: session.notesPath).createNote(body: "Behind a stuck keyring")
        kill(keyring.pid, SIGSTOP)  // it keeps its name on the bus, and reads nothing
        let stuck = try session.syncNow(seconds: 90)
        kill(keyring.pid, SIGCONT)
        #expect(stuck.status == 1 && stuck.error.contains("No password is known"), "\(stuck.output) \(stuck.error)")
        #expect(stuck.error.contains("the keyring did not answer within 30"), "\(stuck.error)")
        #expect(server.files().isEmpty)
        let later = try session.syncNow()
        #expect(later.status == 0 && later.output.hasPrefix("1 sent, 0 received, 0 conflicts"), "\(later.output) \(later.error)")
    }

    @Test("a Nextcloud server's base address finds the user's Notes folder, making it if the account has none yet")
    func nextcloudAddress() throws {
        let server = try WebDAVServer(.apache)
        let session = try QuireSession()
        let keyring = try session.startKeyring()
        defer { _ = keyring }
        try NoteStore(path: session.notesPath).createNote(body: "On Nextcloud\nin its Notes folder")
        let setup = try session.setUpSync(with: server, address: server.nextcloudBaseURL, ["--sync-now"])
        let notesFolder = server.nextcloudBaseURL + "remote.php/dav/files/\(WebDAVServer.user)/Notes/"
        #expect(setup.status == 0 && setup.output.contains("Sync is set up with \(notesFolder) as"), "\(setup.output) \(setup.error)")
        let file = server.nextcloudFilesPath + "/Notes/On Nextcloud.md"
        #expect(FileManager.default.contents(atPath: file).map { String(decoding: $0, as: UTF8.self) } == "On Nextcloud\nin its Notes folder")
    }

    @Test("a note's file emptied on the server (a write cut short, a broken client) never empties the note: its text goes back")
    func emptiedFile() throws {
        let server = try WebDAVServer(.apache)
        let (laptop, keyring) = try QuireSession.syncing(with: server)
        defer { _ = keyring }
        try NoteStore(path: laptop.notesPath).createNote(body: "Kept\nwhatever the server says")
        #expect(try laptop.syncNow().output.hasPrefix("1 sent"))
        try server.write("", as: "Kept.md")
        let sync = try laptop.syncNow()
        #expect(sync.status == 0 && sync.output.hasPrefix("1 sent, 0 received, 0 conflicts"), "\(sync.output) \(sync.error)")
        #expect(try laptop.liveTexts() == ["Kept\nwhatever the server says"])
        #expect(server.files() == ["Kept.md": "Kept\nwhatever the server says"])
    }
}
