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

        let marked = try store.createNote(body: "# Packing\n- [ ] **socks**\n  - [x] ~~hat~~\n> see [the list](https://example.org)\n---")
        #expect(try store.summary(of: marked.id)?.preview == "socks hat see the list", "the preview reads without Markdown marks (the rule says nothing), as the title does")
        let properties = try store.createNote(body: "---\ntags: [trip]\n---\n# Lisbon\nday one")
        #expect(try store.summary(of: properties.id).map { [$0.title, $0.preview] } == ["Lisbon", "day one"], "a properties block is neither title nor preview")
    }

    @Test("a note's list position counts the notes before it, newest first, ties by identifier as pages order them; nil in the trash")
    func listPosition() throws {
        let folder = try TemporaryDirectory(prefix: "quire-list")
        let store = try NoteStore(path: folder.file("notes.sqlite"))
        let notes = try (0..<5).map { try store.createNote(body: "note \($0)", at: Date(timeIntervalSince1970: Double(100 + $0 / 2))) }
        let order = try store.notePage(after: nil, limit: 10).ids
        for (position, id) in order.enumerated() { #expect(try store.listPosition(of: id) == position) }
        try store.moveToTrash(notes[2].id)
        #expect(try store.listPosition(of: notes[2].id) == nil)
        try store.restoreFromTrash(notes[2].id)
        #expect(try store.listPosition(of: notes[2].id) == order.firstIndex(of: notes[2].id))
        #expect(try store.listPosition(of: UUID()) == nil)
        // Counted up to a limit: a note further down gives the limit.
        for (position, id) in order.enumerated() { #expect(try store.listPosition(of: id, countingAtMost: 2) == min(position, 2)) }
    }

    @Test("a page cursor ending at a loaded note reads the notes after it as the next page, as paging did")
    func cursorEndingAtANote() throws {
        let folder = try TemporaryDirectory(prefix: "quire-list")
        let store = try NoteStore(path: folder.file("notes.sqlite"))
        for index in 0..<12 { _ = try store.createNote(body: "note \(index)", at: Date(timeIntervalSince1970: Double(100 + index / 3))) }
        let all = try store.notePageOfStoredIDs(after: nil, limit: 20).ids
        let cursor = try #require(try store.pageCursor(endingAt: all[4]))
        #expect(try store.notePageOfStoredIDs(after: cursor, limit: 20).ids == Array(all[5...]))
        #expect(try store.pageCursor(endingAt: UUID().uuidString) == nil)
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

    @Test("pages cover every note once, newest first, even when notes are edited between pages")
    func paging() throws {
        let folder = try TemporaryDirectory(prefix: "quire-list")
        let store = try NoteStore(path: folder.file("notes.sqlite"))
        var created: [UUID] = []
        for index in 0..<25 {  // five notes share each timestamp, to exercise the tie-break
            created.append(try store.createNote(body: "note \(index)", at: Date(timeIntervalSince1970: Double(index / 5))).id)
        }
        var seen: [UUID] = []
        var page = try store.notePage(after: nil, limit: 10)
        seen += page.ids
        // An older note is edited between pages: it becomes the newest and must not come again.
        try store.updateBody(of: created[0], to: "edited", at: Date(timeIntervalSince1970: 1_000))
        while let cursor = page.next {
            page = try store.notePage(after: cursor, limit: 10)
            seen += page.ids
        }
        #expect(Set(seen).count == seen.count, "no note twice")
        #expect(Set(seen) == Set(created).subtracting([created[0]]), "every other note once; the edited one moved ahead")
        #expect(try store.notePage(after: nil, limit: 1).ids == [created[0]])
    }

    @Test("importing adds every note in one transaction, searchable and in order")
    func importing() throws {
        let folder = try TemporaryDirectory(prefix: "quire-list")
        let store = try NoteStore(path: folder.file("notes.sqlite"))
        var created: [NoteChange] = []
        let ids = try withExtendedLifetime(store.observe { change, _ in created.append(change) }) {
            try store.importNotes([
                (body: "older", modifiedAt: Date(timeIntervalSince1970: 1)),
                (body: "newer words", modifiedAt: Date(timeIntervalSince1970: 2)),
            ])
        }
        #expect(try store.noteIDs() == [ids[1], ids[0]])
        #expect(try store.search("words").map(\.noteID) == [ids[1]])
        #expect(created == ids.map(NoteChange.created))
    }
}
