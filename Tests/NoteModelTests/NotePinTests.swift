import Foundation
import NoteModel
import Storage
import Testing
import TestSupport

/// Pinned notes: first in the list, in every store on the file, kept across
/// versions of the file.
@Suite("Pinned notes")
struct NotePinTests {
    let folder: TemporaryDirectory
    init() throws { folder = try TemporaryDirectory(prefix: "quire-pins") }

    @Test("pinned notes come first, newest first among them; pinning changes neither text nor date; the trash keeps the pin")
    func order() throws {
        let store = try NoteStore(path: folder.file("notes.sqlite"))
        let notes = try (0..<4).map { try store.createNote(body: "note \($0)", at: Date(timeIntervalSince1970: Double(100 + $0))) }
        try store.setPinned(true, of: notes[1].id)
        try store.setPinned(true, of: notes[0].id)
        #expect(try store.noteIDs() == [notes[1].id, notes[0].id, notes[3].id, notes[2].id])
        #expect(try store.isPinned(notes[1].id))
        #expect(try !store.isPinned(notes[2].id))
        #expect(try store.summary(of: notes[1].id)?.isPinned == true)
        #expect(try store.summary(of: notes[2].id)?.isPinned == false)
        let pinned = try #require(try store.note(id: notes[1].id))
        #expect(pinned.body == "note 1" && pinned.modifiedAt == notes[1].modifiedAt && pinned.revision == notes[1].revision)

        // An edited note goes first among the unpinned ones, not above the pins.
        try store.updateBody(of: notes[2].id, to: "edited", at: Date(timeIntervalSince1970: 500))
        #expect(try store.noteIDs() == [notes[1].id, notes[0].id, notes[2].id, notes[3].id])
        for (position, id) in try store.noteIDs().enumerated() { #expect(try store.listPosition(of: id) == position) }

        try store.moveToTrash(notes[1].id)
        #expect(throws: NoteStoreError.self) { try store.setPinned(false, of: notes[1].id) }
        try store.restoreFromTrash(notes[1].id)
        #expect(try store.noteIDs().first == notes[1].id, "back from the trash, still pinned")

        try store.setPinned(false, of: notes[1].id)
        try store.setPinned(false, of: notes[1].id)  // unpinning an unpinned note is no error
        #expect(try store.noteIDs() == [notes[0].id, notes[2].id, notes[3].id, notes[1].id])
        #expect(throws: NoteStoreError.self) { try store.setPinned(true, of: UUID()) }
    }

    @Test("pages cover every note once in the list's order, pinned first, even when a note is pinned between pages")
    func paging() throws {
        let store = try NoteStore(path: folder.file("notes.sqlite"))
        var created: [UUID] = []
        for index in 0..<30 {  // three notes share each timestamp, to exercise the tie-break
            created.append(try store.createNote(body: "note \(index)", at: Date(timeIntervalSince1970: Double(index / 3))).id)
        }
        for index in [2, 17, 28] { try store.setPinned(true, of: created[index]) }
        var page = try store.notePage(after: nil, limit: 7)
        var seen = page.ids
        #expect(Array(page.ids.prefix(3)) == [created[28], created[17], created[2]])
        // An old note is pinned between pages: it moves above the pages read, and does not come again.
        try store.setPinned(true, of: created[0])
        while let cursor = page.next {
            page = try store.notePage(after: cursor, limit: 7)
            seen += page.ids
        }
        #expect(Set(seen).count == seen.count, "no note twice")
        #expect(Set(seen) == Set(created).subtracting([created[0]]))
        #expect(seen == (try store.noteIDs()).filter { $0 != created[0] }, "pages follow noteIDs' order")
    }

    @Test("a pin is a change others see: its own store says pinChanged, another store on the file hears of it")
    func otherWriters() throws {
        let mine = try NoteStore(path: folder.file("notes.sqlite"))
        let theirs = try NoteStore(path: folder.file("notes.sqlite"))
        let note = try mine.createNote(body: "shared")
        try theirs.followOtherWriters()
        var heardMine: [NoteChange] = []
        var heardTheirs: [NoteChange] = []
        let observations = (mine.observe { change, _ in heardMine.append(change) },
                            theirs.observe { change, _ in heardTheirs.append(change) })
        try withExtendedLifetime(observations) {
            try mine.setPinned(true, of: note.id)
            try theirs.followOtherWriters()
        }
        #expect(heardMine == [.pinChanged(note.id)])
        #expect(heardTheirs.map(\.noteID) == [note.id])
        #expect(try theirs.noteIDs() == [note.id] && theirs.isPinned(note.id))
    }

    @Test("a version 3 file is migrated: nothing pinned, the notes and their order kept, and pinning works")
    func migrationFromVersionThree() throws {
        let path = folder.file("v3.sqlite")
        let ids = (0..<3).map { _ in UUID() }
        do {
            // As Quire wrote it before pins: marked "QUNT", built by the first three migrations.
            let old = try Database(path: path, schema: DatabaseSchema(
                applicationID: 0x5155_4E54, migrations: Array(NoteStore.migrationsForTesting.prefix(3))))
            for (index, id) in ids.enumerated() {
                try old.execute("INSERT INTO notes (id, body, created_at, modified_at, revision) VALUES (?, ?, 0, ?, 1)",
                                [.text(id.uuidString), .text("from version three \(index)"), .real(Double(index))])
            }
            old.close()
        }
        let store = try NoteStore(path: path)
        #expect(try store.noteIDs() == ids.reversed())
        #expect(try ids.allSatisfy { try !store.isPinned($0) })
        #expect(try store.note(id: ids[0])?.body == "from version three 0")
        try store.setPinned(true, of: ids[0])
        #expect(try store.noteIDs() == [ids[0], ids[2], ids[1]])
        #expect(try store.search("three").count == 3)
        store.close()
        let reopened = try NoteStore(path: path)
        #expect(try reopened.noteIDs().first == ids[0], "the pin survives reopening")
    }
}
