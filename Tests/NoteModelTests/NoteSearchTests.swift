import Foundation
@testable import NoteModel
import Storage
import Testing
import TestSupport

/// Full-text search over real SQLite files.
@Suite("Note search")
struct NoteSearchTests {
    let folder: TemporaryDirectory
    let store: NoteStore
    init() throws {
        folder = try TemporaryDirectory(prefix: "quire-search")
        store = try NoteStore(path: folder.file("notes.sqlite"))
    }

    private func titles(_ query: String) throws -> [String] { try store.search(query).map(\.title) }

    @Test("words match whole or as prefixes, ignoring case and accents; every word must match")
    func matching() throws {
        try store.createNote(body: "Groceries\nmilk, eggs and coffee beans")
        try store.createNote(body: "Café ideas\nA quiet corner with good light")
        try store.createNote(body: "Reading list\nThe Name of the Rose")
        #expect(try titles("milk") == ["Groceries"])
        #expect(try titles("cof") == ["Groceries"], "a word matches as a prefix")
        #expect(try titles("cafe") == ["Café ideas"], "accents are ignored")
        #expect(try titles("MILK eggs") == ["Groceries"])
        #expect(try titles("milk rose").isEmpty, "every word must match")
        #expect(try titles("   ").isEmpty)
    }

    @Test("what a person types is searched as text, never as query syntax", arguments: [
        "\"unbalanced", "NOT", "milk OR", "body:milk", "*", "(milk", "mi\"lk", "-milk", "NEAR(milk eggs)",
    ])
    func typedSyntaxIsText(query: String) throws {
        try store.createNote(body: "milk and eggs")
        _ = try store.search(query)  // must not throw a syntax error
    }

    @Test("matched words are marked in the snippet")
    func snippetMatches() throws {
        try store.createNote(body: "Packing\nsunscreen, towel, sunglasses and a book")
        let result = try #require(try store.search("sun").first)
        #expect(result.matches.map { String(result.snippet[$0]) } == ["sunscreen", "sunglasses"])
        #expect(!result.snippet.contains("\u{2}"))
    }

    @Test("edits, the trash and deletions are reflected at once")
    func followsChanges() throws {
        let note = try store.createNote(body: "alpha")
        try store.updateBody(of: note.id, to: "beta")
        #expect(try titles("alpha").isEmpty)
        #expect(try titles("beta") == ["beta"])
        try store.moveToTrash(note.id)
        #expect(try titles("beta").isEmpty, "the trash is not searched")
        try store.restoreFromTrash(note.id)
        #expect(try titles("beta") == ["beta"])
        try store.moveToTrash(note.id)
        try store.deletePermanently(note.id)
        #expect(try titles("beta").isEmpty)
        #expect(throws: NoteStoreError.noSuchNote(note.id), "gone for good") { try store.restoreFromTrash(note.id) }
    }

    @Test("notes written before search existed are found after the migration")
    func migratedNotesAreIndexed() throws {
        let path = folder.file("old.sqlite")
        do {
            let old = try Database(path: path, migrations: Array(NoteSchema.migrations.prefix(1)))
            try old.execute(
                "INSERT INTO notes (id, body, created_at, modified_at) VALUES (?, ?, 0, 0)",
                [.text(UUID().uuidString), "written in version one"])
        }
        let store = try NoteStore(path: path)
        #expect(try store.search("version").map(\.title) == ["written in version one"])
    }
}
