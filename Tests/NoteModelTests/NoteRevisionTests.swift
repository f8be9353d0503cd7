import Foundation
import NoteModel
import Storage
import Testing
import TestSupport

/// Several writers on one notes file: saves over a revision, never into the
/// trash, and each store hearing what the others changed.
@Suite("Note revisions and other writers")
struct NoteRevisionTests {
    let folder: TemporaryDirectory
    init() throws { folder = try TemporaryDirectory(prefix: "quire-revisions") }

    @Test("a save over the current revision writes and moves the note on; a save over an old one writes nothing")
    func conditionalSaves() throws {
        let store = try NoteStore(path: folder.file("notes.sqlite"))
        let note = try store.createNote(body: "v1")
        #expect(note.revision == 1)
        #expect(try store.saveBody(of: note.id, to: "v2", over: 1) == .saved(revision: 2))
        guard case let .conflict(current) = try store.saveBody(of: note.id, to: "stale", over: 1) else {
            Issue.record("a save over revision 1 after revision 2 must be refused")
            return
        }
        #expect(current.body == "v2")
        #expect(current.revision == 2)
        #expect(try store.note(id: note.id)?.body == "v2", "nothing was overwritten")
    }

    @Test("nothing is written into a trashed note, and a deleted note is reported gone")
    func trashedAndGone() throws {
        let store = try NoteStore(path: folder.file("notes.sqlite"))
        let note = try store.createNote(body: "before")
        try store.moveToTrash(note.id)
        #expect(try store.saveBody(of: note.id, to: "after", over: 1) == .inTrash)
        #expect(throws: NoteStoreError.inTrash(note.id)) { try store.updateBody(of: note.id, to: "after") }
        #expect(try store.note(id: note.id)?.body == "before")
        try store.deletePermanently(note.id)
        #expect(try store.saveBody(of: note.id, to: "after", over: 1) == .gone)
    }

    @Test("a store hears what another store on the same file changed, once, and not its own changes")
    func followingAnotherWriter() throws {
        let path = folder.file("shared.sqlite")
        let mine = try NoteStore(path: path)
        let theirs = try NoteStore(path: path)
        var heard: [NoteChange] = []
        let observation = mine.observe { change, origin in if origin == .elsewhere { heard.append(change) } }
        let own = try mine.createNote(body: "mine")
        let edited = try theirs.createNote(body: "theirs")
        try theirs.updateBody(of: edited.id, to: "theirs, edited")
        let binned = try theirs.createNote(body: "binned")
        try theirs.moveToTrash(binned.id)
        let gone = try theirs.createNote(body: "gone")
        try theirs.moveToTrash(gone.id)
        try theirs.deletePermanently(gone.id)
        try mine.updateBody(of: own.id, to: "mine, edited")

        try mine.followOtherWriters()
        #expect(heard == [.edited(edited.id), .movedToTrash(binned.id), .deletedPermanently(gone.id)])
        heard = []
        try mine.followOtherWriters()
        #expect(heard.isEmpty, "each change is reported once")
        try theirs.restoreFromTrash(binned.id)
        try mine.followOtherWriters()
        #expect(heard == [.edited(binned.id)])
        _ = observation
    }

    @Test("a version 2 file is migrated: its notes keep their text, all at revision 0, and are searchable")
    func migrationFromVersionTwo() throws {
        let path = folder.file("v2.sqlite")
        let id = UUID()
        do {
            let old = try Database(path: path, schema: DatabaseSchema(applicationID: 0, migrations: Array(NoteStore.migrationsForTesting.prefix(2))))
            try old.execute("INSERT INTO notes (id, body, created_at, modified_at) VALUES (?, 'from version two', 0, 0)",
                            [.text(id.uuidString)])
        }
        let store = try NoteStore(path: path)
        let note = try #require(try store.note(id: id))
        #expect(note.body == "from version two")
        #expect(note.revision == 0)
        #expect(try store.saveBody(of: id, to: "edited in three", over: 0) == .saved(revision: 1))
        #expect(try store.search("three").map(\.noteID) == [id])
    }
}
