import Foundation
import NoteModel
import Testing
import TestSupport

/// The trash: deleting is undoable until the trash is emptied.
@Suite("Note trash")
struct NoteTrashTests {
    let folder: TemporaryDirectory
    let store: NoteStore
    init() throws {
        folder = try TemporaryDirectory(prefix: "quire-trash")
        store = try NoteStore(path: folder.file("notes.sqlite"))
    }

    @Test("a trashed note leaves the list, waits in the trash, and comes back when restored")
    func trashAndRestore() throws {
        let kept = try store.createNote(body: "kept", at: Date(timeIntervalSince1970: 1))
        let binned = try store.createNote(body: "binned", at: Date(timeIntervalSince1970: 2))
        try store.moveToTrash(binned.id)
        #expect(try store.allNotes().map(\.id) == [kept.id])
        #expect(try store.mostRecentlyModifiedNoteID() == kept.id, "the most recent note skips the trash")
        #expect(try store.trashedNotes().map(\.id) == [binned.id])
        #expect(throws: NoteStoreError.noSuchNote(binned.id), "trashing twice is refused") { try store.moveToTrash(binned.id) }
        try store.restoreFromTrash(binned.id)
        #expect(Set(try store.allNotes().map(\.id)) == [kept.id, binned.id])
        #expect(try store.trashedNotes().isEmpty)
    }

    @Test("only notes in the trash can be deleted for good; emptying the trash deletes them all")
    func permanentDeletion() throws {
        let live = try store.createNote(body: "live")
        #expect(throws: NoteStoreError.noSuchNote(live.id), "a note outside the trash is never deleted") {
            try store.deletePermanently(live.id)
        }
        let first = try store.createNote(body: "one")
        let second = try store.createNote(body: "two")
        try store.moveToTrash(first.id)
        try store.moveToTrash(second.id)
        try store.deletePermanently(first.id)
        #expect(try store.note(id: first.id) == nil)
        #expect(try store.emptyTrash() == 1)
        #expect(try store.note(id: second.id) == nil)
        #expect(try store.allNotes().map(\.id) == [live.id])
    }

    @Test("a note deleted for good can be put back in the trash exactly as it was, found by search again and seen by another store; only once")
    func putBackAfterDeletion() throws {
        let note = try store.createNote(body: "Lisbon trip\nflights in May", at: Date(timeIntervalSince1970: 100))
        try store.updateBody(of: note.id, to: "Lisbon trip\nflights in June", at: Date(timeIntervalSince1970: 200))
        try store.moveToTrash(note.id, at: Date(timeIntervalSince1970: 300))
        let other = try NoteStore(path: folder.file("notes.sqlite"))
        try other.followOtherWriters()
        var heard: [NoteChange] = []
        let observation = other.observe { change, _ in heard.append(change) }

        let deleted = try store.deletePermanently(note.id)
        #expect(try store.note(id: note.id) == nil)
        try store.putBack(deleted)
        let back = try #require(try store.note(id: note.id))
        #expect(back == deleted.note, "text, dates and revision as they were")
        #expect(back.body == "Lisbon trip\nflights in June" && back.modifiedAt == Date(timeIntervalSince1970: 200))
        #expect(try store.trashedNotes().map(\.id) == [note.id], "back in the trash, not among the notes")
        #expect(try store.allNotes().isEmpty)
        #expect(try store.isInTrash(note.id))
        try store.restoreFromTrash(note.id)
        #expect(try store.search("june").map(\.noteID) == [note.id], "searchable again")
        #expect(throws: NoteStoreError.noteExists(note.id), "never twice") { try store.putBack(deleted) }

        try other.followOtherWriters()
        #expect(heard.last == .edited(note.id), "the other store follows it to where it is now: \(heard)")
        _ = observation
    }

    @Test("a note put back after Delete Forever is pinned, and spelled in its language, as it was")
    func putBackKeepsPinAndLanguage() throws {
        let note = try store.createNote(body: "Recette\ndes crêpes")
        try store.setPinned(true, of: note.id)
        try store.setSpellingLanguage("fr_FR", of: note.id)
        try store.moveToTrash(note.id)
        let deleted = try store.deletePermanently(note.id)
        #expect(try store.spellingLanguage(of: note.id) == nil, "gone with the note")
        try store.putBack(deleted)
        #expect(try store.isPinned(note.id))
        #expect(try store.spellingLanguage(of: note.id) == "fr_FR")
        try store.restoreFromTrash(note.id)
        #expect(try store.isPinned(note.id), "pinned once restored")
    }
}
