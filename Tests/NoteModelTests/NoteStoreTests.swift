import Foundation
import NoteModel
import Storage
import Testing
import TestSupport

/// The note store against real SQLite files.
@Suite("Note store")
struct NoteStoreTests {
    let folder: TemporaryDirectory
    init() throws { folder = try TemporaryDirectory(prefix: "quire-notes") }

    @Test("a new store is empty and lives where the app's data folder says")
    func emptyStore() throws {
        let directories = AppDirectories(
            applicationID: "io.github.quire.Quire", environment: ["HOME": folder.path, "XDG_DATA_HOME": folder.file("data")])
        let store = try NoteStore(directories: directories)
        #expect(store.path == folder.file("data/io.github.quire.Quire/notes.sqlite"))
        #expect(try store.mostRecentlyModifiedNoteID() == nil)
        #expect(try store.allNotes().isEmpty)
    }

    @Test("notes are created, read, updated and survive reopening")
    func roundTrip() throws {
        let path = folder.file("notes.sqlite")
        let created: Note
        do {
            let store = try NoteStore(path: path)
            created = try store.createNote(body: "Shopping\nmilk", at: Date(timeIntervalSince1970: 1_000))
            try store.updateBody(of: created.id, to: "Shopping\nmilk\neggs", at: Date(timeIntervalSince1970: 2_000))
        }
        let store = try NoteStore(path: path)
        let note = try #require(try store.note(id: created.id))
        #expect(note.body == "Shopping\nmilk\neggs")
        #expect(note.title == "Shopping")
        #expect(note.createdAt == Date(timeIntervalSince1970: 1_000))
        #expect(note.modifiedAt == Date(timeIntervalSince1970: 2_000))
    }

    @Test("the most recently edited note comes first")
    func ordering() throws {
        let store = try NoteStore(path: folder.file("order.sqlite"))
        let old = try store.createNote(body: "old", at: Date(timeIntervalSince1970: 10))
        let new = try store.createNote(body: "new", at: Date(timeIntervalSince1970: 20))
        #expect(try store.mostRecentlyModifiedNoteID() == new.id)
        try store.updateBody(of: old.id, to: "old, edited", at: Date(timeIntervalSince1970: 30))
        #expect(try store.mostRecentlyModifiedNoteID() == old.id)
        #expect(try store.mostRecentlyModifiedNoteID(excluding: old.id) == new.id, "the next one, for a note on its way to the trash")
        #expect(try store.mostRecentlyModifiedNoteID(excluding: UUID()) == old.id)
        #expect(try store.allNotes().map(\.id) == [old.id, new.id])
    }

    @Test("of notes edited at the same moment (imported together), the most recent is the one the list shows first")
    func tiesFollowTheList() throws {
        let store = try NoteStore(path: folder.file("ties.sqlite"))
        let moment = Date(timeIntervalSince1970: 50)
        _ = try store.createNote(body: "older", at: Date(timeIntervalSince1970: 40))
        let imported = try store.importNotes((1...8).map { (body: "imported \($0)", modifiedAt: moment) })
        let first = try #require(try store.noteIDs().first)
        #expect(imported.contains(first))
        #expect(try store.mostRecentlyModifiedNoteID() == first, "a window shows the note at the top of its list")
    }

    @Test("updating a note that is gone says so, so the caller can keep the text")
    func updateMissingNote() throws {
        let store = try NoteStore(path: folder.file("missing.sqlite"))
        let id = UUID()
        #expect(throws: NoteStoreError.noSuchNote(id)) { try store.updateBody(of: id, to: "lost?") }
        #expect(try store.allNotes().isEmpty)
    }

    @Test("two stores on one file see each other's writes")
    func twoStores() throws {
        let path = folder.file("shared.sqlite")
        let first = try NoteStore(path: path)
        let second = try NoteStore(path: path)
        let note = try first.createNote(body: "from the first")
        #expect(try second.note(id: note.id)?.body == "from the first")
    }

    @Test("a notes file that is not a database is refused and kept")
    func corruptNotesFile() throws {
        let path = folder.file("notes.sqlite")
        let garbage = Data(repeating: 0xAB, count: 4_096)
        try garbage.write(to: URL(fileURLWithPath: path))
        #expect(throws: StorageError.self) { try NoteStore(path: path) }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == garbage)
    }
}
