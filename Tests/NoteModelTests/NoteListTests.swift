import Foundation
import NoteModel
import Testing
import TestSupport

/// What the note list reads: identifiers in order, summaries on demand.
@Suite("Note list queries")
struct NoteListTests {
    @Test("identifiers come newest first without the trash; a summary has title, preview and date")
    func listAndSummary() throws {
        let folder = try TemporaryDirectory(prefix: "quire-list")
        let store = try NoteStore(path: folder.file("notes.sqlite"))
        let old = try store.createNote(body: "\n  Groceries \nmilk\n\neggs", at: Date(timeIntervalSince1970: 100))
        let new = try store.createNote(body: "Plans", at: Date(timeIntervalSince1970: 200))
        let binned = try store.createNote(body: "Binned", at: Date(timeIntervalSince1970: 300))
        try store.moveToTrash(binned.id)
        #expect(try store.noteIDs() == [new.id, old.id])
        let summary = try #require(try store.summary(of: old.id))
        #expect(summary.title == "Groceries")
        #expect(summary.preview == "milk eggs")
        #expect(summary.modifiedAt == Date(timeIntervalSince1970: 100))
        #expect(try store.summary(of: UUID()) == nil)
    }

    @Test("a summary reads only the start of a long note")
    func longNote() throws {
        let folder = try TemporaryDirectory(prefix: "quire-list")
        let store = try NoteStore(path: folder.file("notes.sqlite"))
        let note = try store.createNote(body: "Title\n" + String(repeating: "word ", count: 100_000))
        let summary = try #require(try store.summary(of: note.id))
        #expect(summary.title == "Title")
        #expect(summary.preview.count < 500)
    }
}
