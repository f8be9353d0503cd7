import Foundation
import NoteModel
import Testing
import TestSupport

/// The names sync gives notes' files: a title in a script of several bytes a
/// character makes a name every server's disk takes, as Nextcloud's Notes
/// app would make it if its disk took it.
@Suite("Sync's file names, end to end", .serialized, .oneAtATime)
struct SyncFileNameTests {
    @Test(
        "a note whose first line is long in a script of three or four bytes a character (100 Chinese characters are 300 bytes, more than the 255 a disk takes) syncs under a name cut to fit, on every server; a second such note gets its own name, and an edit sends no rename",
        arguments: WebDAVServer.Kind.allCases)
    func longTitleInSeveralBytes(kind: WebDAVServer.Kind) throws {
        let server = try WebDAVServer(kind)
        let (session, keyring) = try QuireSession.syncing(with: server)
        defer { _ = keyring }
        let store = try NoteStore(path: session.notesPath)
        let chinese = String(repeating: "春眠不觉晓处处闻啼鸟", count: 12)  // 120 characters, 360 bytes
        let emoji = String(repeating: "📝", count: 90)  // 360 bytes
        let first = try store.createNote(body: chinese + "\nfirst")
        try store.createNote(body: chinese + "\nsecond")
        try store.createNote(body: emoji + "\nthird")
        let filed = try store.createNote(body: "Filed\nin a long category", category: String(repeating: "日本", count: 50))
        let sent = try session.syncNow()
        #expect(sent.status == 0 && sent.output.hasPrefix("4 sent, 0 received, 0 conflicts"), "\(sent.output) \(sent.error)")
        let names = server.files().keys.sorted()
        #expect(names.count == 4, "\(names)")
        for name in names {
            for part in name.split(separator: "/") { #expect(part.utf8.count <= 255, "\(part): \(part.utf8.count) bytes") }
        }
        #expect(Set(server.files().values) == [chinese + "\nfirst", chinese + "\nsecond", emoji + "\nthird", "Filed\nin a long category"])
        #expect(server.files()[filed.category + "/Filed.md"] != nil, "filed in its category's folder: \(names)")

        try store.updateBody(of: first.id, to: chinese + "\nfirst, edited")
        let edited = try session.syncNow()
        #expect(edited.status == 0 && edited.output.hasPrefix("1 sent, 0 received, 0 conflicts"), "\(edited.output) \(edited.error)")
        #expect(server.files().keys.sorted() == names, "the same names: \(server.files().keys.sorted())")
        let quiet = try session.syncNow()
        #expect(quiet.output.hasPrefix("0 sent, 0 received, 0 conflicts"), "\(quiet.output) \(quiet.error)")
    }
}

extension SyncFileNameTests {
    @Test(
        "titles with the characters a web address gives meaning to (%, #, +, ;, &, =, [ ], ~, a quote, an encoded slash) travel to a second device and back on every server, under their own names",
        arguments: WebDAVServer.Kind.allCases)
    func titlesWithAddressCharacters(kind: WebDAVServer.Kind) throws {
        let server = try WebDAVServer(kind)
        let (laptop, laptopKeyring) = try QuireSession.syncing(with: server)
        let (desktop, desktopKeyring) = try QuireSession.syncing(with: server)
        defer { _ = (laptopKeyring, desktopKeyring) }
        let titles = ["100% done", "C# tips", "a+b=c", "semi;colon & more", "[draft] ~plan", "It's", "a%2Fb", "%41 not A", "dots..."]
        let store = try NoteStore(path: laptop.notesPath)
        for title in titles { try store.createNote(body: title + "\nbody") }
        let sent = try laptop.syncNow()
        #expect(sent.status == 0 && sent.output.hasPrefix("\(titles.count) sent, 0 received, 0 conflicts"), "\(sent.output) \(sent.error)")
        #expect(Set(server.files().keys) == Set(titles.map { $0 + ".md" }), "\(server.files().keys.sorted())")

        let taken = try desktop.syncNow()
        #expect(taken.status == 0 && taken.output.hasPrefix("0 sent, \(titles.count) received, 0 conflicts"), "\(taken.output) \(taken.error)")
        #expect(try desktop.liveTexts() == titles.map { $0 + "\nbody" }.sorted())
        let desktopStore = try NoteStore(path: desktop.notesPath)
        for note in try desktopStore.allNotes() { try desktopStore.updateBody(of: note.id, to: note.body + "\nedited") }
        let edited = try desktop.syncNow()
        #expect(edited.status == 0 && edited.output.hasPrefix("\(titles.count) sent, 0 received, 0 conflicts"), "\(edited.output) \(edited.error)")
        #expect(server.files() == Dictionary(uniqueKeysWithValues: titles.map { ($0 + ".md", $0 + "\nbody\nedited") }), "\(server.files())")
        let back = try laptop.syncNow()
        #expect(back.status == 0 && back.output.hasPrefix("0 sent, \(titles.count) received, 0 conflicts"), "\(back.output) \(back.error)")
        #expect(try laptop.liveTexts() == titles.map { $0 + "\nbody\nedited" }.sorted())
        #expect(try laptop.trashedTexts().isEmpty && desktop.trashedTexts().isEmpty)
    }
}

extension SyncFileNameTests {
    /// "Café.md" with its "é" composed (NFC, as Linux and Nextcloud write it).
    private static let composed = Array("Caf\u{E9}.md".utf8)
    /// "Café.md" with "e" and a combining accent (NFD, as a Mac may write it).
    private static let decomposed = Array("Cafe\u{301}.md".utf8)

    @Test(
        "two files whose names differ only in how an accent is written (composed, decomposed) are two notes: each taken in, each edit sent to its own file, and a new note of that title gets a name of its own",
        arguments: WebDAVServer.Kind.allCases)
    func namesInTwoUnicodeForms(kind: WebDAVServer.Kind) throws {
        let server = try WebDAVServer(kind)
        // Written by hand before any listing (rclone would not see them after one at once).
        try server.write(Data("Café\ncomposed".utf8), asBytes: SyncFileNameTests.composed)
        try server.write(Data("Café\ndecomposed".utf8), asBytes: SyncFileNameTests.decomposed)
        let (session, keyring) = try QuireSession.syncing(with: server)
        defer { _ = keyring }
        let taken = try session.syncNow()
        #expect(taken.status == 0 && taken.output.hasPrefix("0 sent, 2 received, 0 conflicts"), "\(taken.output) \(taken.error)")
        #expect(try session.liveTexts() == ["Café\ncomposed", "Café\ndecomposed"])

        let store = try NoteStore(path: session.notesPath)
        for note in try store.allNotes() { try store.updateBody(of: note.id, to: note.body + "\nedited") }
        try store.createNote(body: "Café\nnew here")
        let sent = try session.syncNow()
        #expect(sent.status == 0 && sent.output.hasPrefix("3 sent, 0 received, 0 conflicts"), "\(sent.output) \(sent.error)")
        #expect(server.contents(ofBytes: SyncFileNameTests.composed) == Data("Café\ncomposed\nedited".utf8))
        #expect(server.contents(ofBytes: SyncFileNameTests.decomposed) == Data("Café\ndecomposed\nedited".utf8))
        #expect(server.contents(ofBytes: Array("Caf\u{E9} (2).md".utf8)) == Data("Café\nnew here".utf8))
        let quiet = try session.syncNow()
        #expect(quiet.status == 0 && quiet.output.hasPrefix("0 sent, 0 received, 0 conflicts"), "\(quiet.output) \(quiet.error)")
        #expect(try session.trashedTexts().isEmpty)
    }

    @Test(
        "a category whose folder on the server is written the other way (decomposed) is not taken for this one's: a note filed here in \"Café\" gets its folder, and both notes keep their own",
        arguments: [WebDAVServer.Kind.apache, .nginx])
    func categoryFoldersInTwoUnicodeForms(kind: WebDAVServer.Kind) throws {
        let server = try WebDAVServer(kind)
        try server.write(Data("From a Mac\nfiled there".utf8), asBytes: Array("Cafe\u{301}/From a Mac.md".utf8))
        let (session, keyring) = try QuireSession.syncing(with: server)
        defer { _ = keyring }
        let store = try NoteStore(path: session.notesPath)
        try store.createNote(body: "Filed here\ntyped", category: "Caf\u{E9}")
        let sync = try session.syncNow()
        #expect(sync.status == 0 && sync.output.hasPrefix("1 sent, 1 received, 0 conflicts\n"), "\(sync.output) \(sync.error)")
        #expect(server.contents(ofBytes: Array("Caf\u{E9}/Filed here.md".utf8)) == Data("Filed here\ntyped".utf8))
        #expect(server.contents(ofBytes: Array("Cafe\u{301}/From a Mac.md".utf8)) == Data("From a Mac\nfiled there".utf8))
        #expect(try session.syncNow().output.hasPrefix("0 sent, 0 received, 0 conflicts"))
    }

    @Test("two notes whose files' names differ only in how an accent is written, both retitled on another device: each note follows its own file's rename, none is trashed or doubled")
    func renamesOfNamesInTwoUnicodeForms() throws {
        let server = try WebDAVServer(.apache)
        try server.write(Data("Café\ncomposed".utf8), asBytes: SyncFileNameTests.composed)
        try server.write(Data("Café\ndecomposed".utf8), asBytes: SyncFileNameTests.decomposed)
        let (laptop, laptopKeyring) = try QuireSession.syncing(with: server)
        let (desktop, desktopKeyring) = try QuireSession.syncing(with: server)
        defer { _ = (laptopKeyring, desktopKeyring) }
        #expect(try laptop.syncNow().output.hasPrefix("0 sent, 2 received"))
        #expect(try desktop.syncNow().output.hasPrefix("0 sent, 2 received"))
        let desktopStore = try NoteStore(path: desktop.notesPath)
        let ids = Dictionary(uniqueKeysWithValues: try desktopStore.allNotes().map { ($0.body, $0.id) })

        let store = try NoteStore(path: laptop.notesPath)
        for note in try store.allNotes() {
            try store.updateBody(of: note.id, to: note.body.hasSuffix("decomposed") ? "Coffee\ndecomposed" : "Tea\ncomposed")
        }
        let renamed = try laptop.syncNow()
        #expect(renamed.output.hasPrefix("2 sent, 0 received, 0 conflicts"), "\(renamed.output) \(renamed.error)")
        #expect(server.files() == ["Coffee.md": "Coffee\ndecomposed", "Tea.md": "Tea\ncomposed"], "\(server.files())")

        let taken = try desktop.syncNow()
        #expect(taken.output.hasPrefix("0 sent, 2 received, 0 conflicts\n"), "\(taken.output) \(taken.error)")
        #expect(try desktopStore.note(id: try #require(ids["Café\ndecomposed"]))?.body == "Coffee\ndecomposed")
        #expect(try desktopStore.note(id: try #require(ids["Café\ncomposed"]))?.body == "Tea\ncomposed")
        #expect(try desktop.trashedTexts().isEmpty)
    }
}
