import Foundation
@testable import NoteModel
import Storage
import Testing
import TestSupport

/// The list rows' summaries a store keeps: read once for every window that
/// lists the note, and read again after anything that may have changed them.
@Suite("Summaries kept for the list")
@MainActor
struct NoteSummaryMemoTests {
    let folder: TemporaryDirectory
    init() throws { folder = try TemporaryDirectory(prefix: "quire-summary-memo") }

    @Test("a summary is kept until another program's write is followed, and read again after each write of the store's own")
    func keptUntilChanged() throws {
        let path = folder.file("notes.sqlite")
        let store = try NoteStore(path: path)
        let note = try store.createNote(body: "Groceries\nmilk")
        #expect(try store.summary(of: note.id)?.title == "Groceries")

        let theirs = try NoteStore(path: path)
        try theirs.updateBody(of: note.id, to: "Plans\nfor May")
        #expect(try store.summary(of: note.id)?.title == "Groceries", "kept: no newer than the rows on screen until followed")
        try store.followOtherWriters()
        #expect(try store.summary(of: note.id)?.title == "Plans")

        try store.setPinned(true, of: note.id)
        #expect(try store.summary(of: note.id)?.isPinned == true)
        // A write on the store's connection that tells no one still counts.
        try store.database.execute("UPDATE notes SET pinned = 0 WHERE id = ?", [.text(note.id.uuidString)])
        #expect(try store.summary(of: note.id)?.isPinned == false)

        let saver = try BackgroundNoteSaver(store: store)
        let revision = try #require(try store.revision(of: note.id))
        saver.saveBody(of: note.id, to: "Trip\n- [x] tickets\n- [ ] map", over: revision, origin: nil) { _ in }
        saver.finishPending()
        let saved = try #require(try store.summary(of: note.id))
        #expect(saved.title == "Trip" && saved.taskProgress.map { [$0.done, $0.total] } == [1, 2], "the saver's write, handed back")
        saver.close()
        theirs.close()
    }

    @Test("a memo keeps at most its capacity, then starts again")
    func capacity() throws {
        var memo = NoteSummaryMemo()
        let store = try NoteStore(path: folder.file("notes.sqlite"))
        let first = try #require(try store.summary(of: try store.createNote(body: "first").id))
        memo.keep(first, changedRowCount: 1)
        #expect(memo.summary(of: first.noteID, changedRowCount: 1) == first)
        #expect(memo.summary(of: first.noteID, changedRowCount: 2) == nil, "the connection wrote since")
        memo.keep(first, changedRowCount: 2)
        for _ in 1..<NoteSummaryMemo.capacity {
            memo.keep(NoteSummary(noteID: UUID(), start: "other", modifiedAt: Date()), changedRowCount: 2)
        }
        #expect(memo.summary(of: first.noteID, changedRowCount: 2) == first)
        memo.keep(NoteSummary(noteID: UUID(), start: "one more", modifiedAt: Date()), changedRowCount: 2)
        #expect(memo.summary(of: first.noteID, changedRowCount: 2) == nil)
    }
}
