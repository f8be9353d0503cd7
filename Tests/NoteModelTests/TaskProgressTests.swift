import Foundation
import NoteModel
import Storage
import Testing
import TestSupport

/// A checklist's progress, as a list row shows it.
@Suite("Task progress")
struct TaskProgressTests {
    @Test("task items are counted, checked or not, at any indent and with any marker; other brackets are not")
    func counting() throws {
        let body = "Trip\n- [x] tickets\n  * [ ] passport\n1. [X] hotel\n- [ ]\nnot [ ] a task\n- [y] nor this\n[x] nor this"
        let progress = try #require(TaskProgress(body: body))
        #expect(progress.done == 2 && progress.total == 4)
        #expect(TaskProgress(body: "no tasks at all\n- a bullet") == nil)
        #expect(TaskProgress(body: "") == nil)
        // Windows line breaks, a Unicode line separator, and a box closing the text.
        let mixed = try #require(TaskProgress(body: "- [x] one\r\n- [ ] two\u{2028}- [X] three\r- [ ]"))
        #expect(mixed.done == 2 && mixed.total == 4)
        #expect(TaskProgress(body: "[") == nil && TaskProgress(body: "[ ") == nil && TaskProgress(body: "- [ ") == nil)
    }

    @Test("a summary carries the progress of the whole note, even past what a row reads of its text")
    func inSummary() throws {
        let folder = try TemporaryDirectory(prefix: "quire-tasks")
        let store = try NoteStore(path: folder.file("notes.sqlite"))
        let long = try store.createNote(body: "List\n" + String(repeating: "filler words\n", count: 1_000) + "- [x] late\n- [ ] later")
        let plain = try store.createNote(body: "Nothing to do [x]")
        #expect(try store.summary(of: long.id)?.taskProgress.map { [$0.done, $0.total] } == [1, 2])
        #expect(try store.summary(of: plain.id)?.taskProgress == nil)
    }

    @Test("every write of a text stores its counts, which a summary reads instead of the text")
    func storedCounts() throws {
        let folder = try TemporaryDirectory(prefix: "quire-tasks")
        let path = folder.file("notes.sqlite")
        let store = try NoteStore(path: path)
        let raw = try Database(path: path, schema: DatabaseSchema(applicationID: 0x5155_4E54, migrations: NoteStore.migrationsForTesting))
        func stored(_ id: UUID) throws -> [Int64?] {
            let row = try #require(try raw.query("SELECT tasks_done, tasks_total FROM notes WHERE id = ?", [.text(id.uuidString)]).first)
            return [row.integer(0), row.integer(1)]
        }
        let note = try store.createNote(body: "- [x] a\n- [ ] b")
        #expect(try stored(note.id) == [1, 2])
        try store.updateBody(of: note.id, to: "- [x] a\n- [x] b\n- [ ] c")
        #expect(try stored(note.id) == [2, 3])
        let imported = try store.importNotes([(body: "- [ ] one", modifiedAt: Date())])
        #expect(try stored(imported[0]) == [0, 1])
        let plain = try store.createNote(body: "no tasks")
        #expect(try stored(plain.id) == [0, 0])

        // A summary goes by the stored counts (here set by hand to tell them from the text's).
        try raw.execute("UPDATE notes SET tasks_done = 5, tasks_total = 9 WHERE id = ?", [.text(note.id.uuidString)])
        #expect(try store.summary(of: note.id)?.taskProgress.map { [$0.done, $0.total] } == [5, 9])

        try store.moveToTrash(note.id)
        let deleted = try store.deletePermanently(note.id)
        try store.putBack(deleted)
        #expect(try stored(note.id) == [2, 3], "put back, counted from its text again")
        raw.close()
    }

    @Test("a version 4 file is migrated: its notes' progress is counted from their text until they are saved again")
    func migrationFromVersionFour() throws {
        let folder = try TemporaryDirectory(prefix: "quire-tasks")
        let path = folder.file("v4.sqlite")
        let id = UUID()
        do {
            // As Quire wrote it before stored counts: built by the first four migrations.
            let old = try Database(path: path, schema: DatabaseSchema(
                applicationID: 0x5155_4E54, migrations: Array(NoteStore.migrationsForTesting.prefix(4))))
            try old.execute("INSERT INTO notes (id, body, created_at, modified_at, revision, pinned) VALUES (?, ?, 0, 0, 1, 1)",
                            [.text(id.uuidString), .text("Packing\n- [x] socks\n- [ ] map")])
            old.close()
        }
        let store = try NoteStore(path: path)
        let summary = try #require(try store.summary(of: id))
        #expect(summary.taskProgress.map { [$0.done, $0.total] } == [1, 2] && summary.isPinned)
        #expect(try store.note(id: id)?.body == "Packing\n- [x] socks\n- [ ] map")
        try store.updateBody(of: id, to: "Packing\n- [x] socks\n- [x] map")
        #expect(try store.summary(of: id)?.taskProgress.map { [$0.done, $0.total] } == [2, 2])
        #expect(try store.search("socks").map(\.noteID) == [id])
    }
}
