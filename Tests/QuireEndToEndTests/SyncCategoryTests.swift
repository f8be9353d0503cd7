import Foundation
import NoteModel
import Testing
import TestSupport

/// Categories synced as Nextcloud's Notes apps keep them: sub-folders of the
/// notes folder, at any depth, on a server laid out as Nextcloud lays out a
/// user's notes (`remote.php/dav/files/ana/Notes/…`). A note filed anywhere is
/// filed everywhere, moved, never trashed and sent again; stars are pins.
@Suite("Sync of categories, end to end", .serialized, .oneAtATime)
struct SyncCategoryTests {
    /// The notes of `session` outside the trash: each text with its category.
    private func filed(_ session: QuireSession) throws -> [String: String] {
        Dictionary(uniqueKeysWithValues: try NoteStore(path: session.notesPath).allNotes().map { ($0.body, $0.category) })
    }

    /// Expects `quire --sync-now` to succeed, printing a summary that starts with `summary`.
    private func sync(_ session: QuireSession, _ summary: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let done = try session.syncNow()
        #expect(done.status == 0 && done.output.hasPrefix(summary), "\(done.output) \(done.error)", sourceLocation: sourceLocation)
    }

    @Test("a Nextcloud tree: every note arrives in its category (two levels deep, .txt and .md), starred ones pinned, hidden folders passed over; filing a note anywhere files it everywhere",
          arguments: [WebDAVServer.Kind.apache, .wsgidav])
    func nextcloudTree(on kind: WebDAVServer.Kind) throws {
        let server = try WebDAVServer(kind, nextcloudLayout: true)
        try server.write("Groceries\nmilk", as: "Groceries.md")
        try server.write("plan\nfor work", as: "Work/plan.md")
        try server.write("sponge\nflour, eggs", as: "Recipes/Cakes/sponge.txt")
        try server.write("secret\nnot a note", as: ".hidden/secret.md")
        try server.setFavorite(true, of: "Work/plan.md")
        let (laptop, keyring) = try QuireSession.syncing(with: server)
        defer { _ = keyring }
        try sync(laptop, "0 sent, 3 received, 0 conflicts")
        #expect(try filed(laptop) == ["Groceries\nmilk": "", "plan\nfor work": "Work", "sponge\nflour, eggs": "Recipes/Cakes"])
        let store = try NoteStore(path: laptop.notesPath)
        #expect(try store.categories() == [
            NoteCategory(path: "Recipes", count: 1), NoteCategory(path: "Recipes/Cakes", count: 1), NoteCategory(path: "Work", count: 1),
        ])
        let plan = try #require(try store.allNotes().first { $0.body.hasPrefix("plan") })
        #expect(try store.isPinned(plan.id), "the star set in Nextcloud's Files app pins the note")

        // Moved on the server (a phone files it): moved here, not trashed nor doubled.
        try server.rename("Groceries.md", to: "Shopping/Groceries.md")
        try server.rename("Recipes", to: "Baking")  // a category renamed
        try sync(laptop, "0 sent, 2 received, 0 conflicts")
        #expect(try filed(laptop) == ["Groceries\nmilk": "Shopping", "plan\nfor work": "Work", "sponge\nflour, eggs": "Baking/Cakes"])
        #expect(try laptop.trashedTexts().isEmpty)

        // Filed here: moved on the server, the folder it left removed once empty.
        try store.setCategory("Archive", of: [plan.id])
        let groceries = try #require(try store.allNotes().first { $0.body.hasPrefix("Groceries") })
        try store.setCategory("", of: [groceries.id])
        try store.renameCategory("Baking", to: "Desserts")
        let idea = try store.createNote(body: "Idea\nfiled from the start", category: "Ideas/Later")
        try store.setPinned(false, of: plan.id)
        try sync(laptop, "4 sent, 0 received, 0 conflicts")
        #expect(server.files() == [
            "Groceries.md": "Groceries\nmilk", "Archive/plan.md": "plan\nfor work", "Desserts/Cakes/sponge.txt": "sponge\nflour, eggs",
            "Ideas/Later/Idea.md": "Idea\nfiled from the start",
        ], "\(server.files())")
        #expect(!server.folders().contains("Work") && !server.folders().contains("Shopping") && !server.folders().contains("Baking"),
                "folders a move left empty are gone: \(server.folders())")
        #expect(server.folders().contains(".hidden"), "a folder Quire never touched stays")
        #expect(try !server.isFavorite("Archive/plan.md"), "unpinned here: its star taken away")
        try store.setPinned(true, of: idea.id)
        try sync(laptop, "0 sent, 0 received, 0 conflicts")
        #expect(try server.isFavorite("Ideas/Later/Idea.md"), "pinned here: starred there")

        // Removed here: its notes filed in none, nothing deleted.
        try store.removeCategory("Ideas")
        try sync(laptop, "1 sent, 0 received, 0 conflicts")
        #expect(server.files()["Idea.md"] == "Idea\nfiled from the start")
        try sync(laptop, "0 sent, 0 received, 0 conflicts")
    }

    @Test("two devices file the same note in two categories at once: one note, in one folder, nothing lost")
    func sameNoteTwoCategories() throws {
        let server = try WebDAVServer(.apache, nextcloudLayout: true)
        try server.write("Trip\npassport", as: "Travel/Trip.md")
        let (laptop, laptopKeyring) = try QuireSession.syncing(with: server)
        let (desktop, desktopKeyring) = try QuireSession.syncing(with: server)
        defer { _ = (laptopKeyring, desktopKeyring) }
        try sync(laptop, "0 sent, 1 received")
        try sync(desktop, "0 sent, 1 received")
        let laptopStore = try NoteStore(path: laptop.notesPath), desktopStore = try NoteStore(path: desktop.notesPath)
        try laptopStore.setCategory("Home", of: [try #require(try laptopStore.allNotes().first).id])
        try desktopStore.setCategory("Office", of: [try #require(try desktopStore.allNotes().first).id])
        try sync(laptop, "1 sent")
        for _ in 0..<2 {
            _ = try desktop.syncNow()
            _ = try laptop.syncNow()
        }
        let onServer = server.files()
        #expect(onServer.count == 1 && onServer.values.first == "Trip\npassport", "\(onServer)")
        let laptopFiled = try filed(laptop), desktopFiled = try filed(desktop)
        #expect(laptopFiled.count == 1 && laptopFiled == desktopFiled, "\(laptopFiled) \(desktopFiled)")
        #expect(onServer.keys.first == laptopFiled.values.first.map { $0 + "/Trip.md" }, "the note's category is its file's folder")
        #expect(try laptop.trashedTexts().isEmpty && desktop.trashedTexts().isEmpty)
    }

    @Test("many notes filed into a category at once on the server are moves: no mass-deletion stop, nothing trashed")
    func manyMoved() throws {
        let server = try WebDAVServer(.apache)
        let (laptop, keyring) = try QuireSession.syncing(with: server)
        defer { _ = keyring }
        try NoteStore(path: laptop.notesPath).importNotes((1...15).map { (body: "Note \($0)\nto file", modifiedAt: Date()) })
        try sync(laptop, "15 sent")
        for name in server.files().keys { try server.rename(name, to: "Archive/" + name) }
        try sync(laptop, "0 sent, 15 received, 0 conflicts\n")
        #expect(try Set(filed(laptop).values) == ["Archive"])
        #expect(try laptop.trashedTexts().isEmpty)
    }

    @Test("on Nextcloud, the Notes app's settings name the notes folder and the suffix of new files (here Notizen and .txt)")
    func notesAppSettings() throws {
        let server = try WebDAVServer(.apache)
        try server.serveNotesSettings(notesPath: "Notizen", fileSuffix: ".txt")  // as a real Nextcloud's Notes app answers
        try FileManager.default.createDirectory(atPath: server.nextcloudFilesPath + "/Notizen", withIntermediateDirectories: true)
        _ = try ChildProcess.run("chown", ["-R", "www-data:www-data", server.nextcloudFilesPath], environment: ["PATH": "/usr/bin:/bin"],
                             outputDirectory: NSTemporaryDirectory())
        let session = try QuireSession()
        let keyring = try session.startKeyring()
        defer { _ = keyring }
        try NoteStore(path: session.notesPath).createNote(body: "Einkauf\nMilch", category: "Haus")
        let setup = try session.setUpSync(with: server, address: server.nextcloudBaseURL, ["--sync-now"])
        let folder = server.nextcloudBaseURL + "remote.php/dav/files/\(WebDAVServer.user)/Notizen/"
        #expect(setup.status == 0 && setup.output.contains("Sync is set up with \(folder) as"), "\(setup.output) \(setup.error)")
        #expect(FileManager.default.contents(atPath: server.nextcloudFilesPath + "/Notizen/Haus/Einkauf.txt") == Data("Einkauf\nMilch".utf8))
    }
}
