import Foundation
@testable import NoteModel
import Storage
import Testing
import TestSupport

/// A notes file left part made: a Quire that committed each schema step on
/// its own, cut off by a power cut that took the log's unsynced last steps
/// and the mark written after them, left one at its first step. It opens as
/// Quire's own, as the stress suite's checks rely on.
@Suite("Note store: a file made part way")
struct PartlyMadeNoteFileTests {
    @Test("a file left at the first schema step, unmarked, opens as the notes' and gets the rest: search finds what it held")
    func firstStepOnly() throws {
        let folder = try TemporaryDirectory(prefix: "quire-partly-made")
        defer { folder.remove() }
        let path = folder.file("notes.sqlite")
        do {
            let firstStep = DatabaseSchema(applicationID: 0, migrations: [NoteSchema.migrations[0]])
            let database = try Database(path: path, schema: firstStep)
            try database.execute(
                "INSERT INTO notes (id, body, created_at, modified_at) VALUES (?, ?, 1000, 1000)",
                [.text(UUID().uuidString), .text("Groceries\nmilk and eggs")])
            #expect(try database.query("PRAGMA user_version").first?.integer(0) == 1)
            database.close()
        }
        let store = try NoteStore(path: path)
        #expect(try store.allNotes().map(\.title) == ["Groceries"])
        #expect(try store.search("eggs").count == 1, "the search index was made, and holds the note")
    }
}
