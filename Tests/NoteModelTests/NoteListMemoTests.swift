import Foundation
@testable import NoteModel
import Storage
import Testing
import TestSupport

/// What a store keeps of what the lists read (rows' summaries, categories):
/// read once for every window, and read again after anything that may have changed it.
@Suite("What the lists read, kept")
@MainActor
struct NoteListMemoTests {
    let folder: TemporaryDirectory
    init() throws { folder = try TemporaryDirectory(prefix: "quire-list-memo") }

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

    @Test("the categories are kept until another program's filing is followed, and read again after the store's own")
    func categoriesKeptUntilChanged() throws {
        let path = folder.file("notes.sqlite")
        let store = try NoteStore(path: path)
        let cake = try store.createNote(body: "Cake", category: "Recipes/Cakes")
        func counts() throws -> [String] { try store.categories().map { "\($0.path) \($0.count)" } }
        #expect(try counts() == ["Recipes 1", "Recipes/Cakes 1"])

        let theirs = try NoteStore(path: path)
        try theirs.setCategory("Work", of: [cake.id])
        #expect(try counts() == ["Recipes 1", "Recipes/Cakes 1"], "kept: no newer than the sidebar on screen until followed")
        try store.followOtherWriters()
        #expect(try counts() == ["Work 1"])

        try store.createNote(body: "Soup", category: "Recipes")
        #expect(try counts() == ["Recipes 1", "Work 1"])
        try store.moveToTrash(cake.id)
        #expect(try counts() == ["Recipes 1"])
        theirs.close()
    }

    @Test("a memo keeps at most its capacity of summaries, then starts again")
    func capacity() throws {
        var memo = NoteListMemo()
        let store = try NoteStore(path: folder.file("notes.sqlite"))
        let first = try #require(try store.summary(of: try store.createNote(body: "first").id))
        memo.keep(first, changedRowCount: 1)
        #expect(memo.summary(of: first.noteID, changedRowCount: 1) == first)
        #expect(memo.summary(of: first.noteID, changedRowCount: 2) == nil, "the connection wrote since")
        memo.keep(first, changedRowCount: 2)
        for _ in 1..<NoteListMemo.summaryCapacity {
            memo.keep(NoteSummary(noteID: UUID(), start: "other", modifiedAt: Date()), changedRowCount: 2)
        }
        #expect(memo.summary(of: first.noteID, changedRowCount: 2) == first)
        memo.keep(NoteSummary(noteID: UUID(), start: "one more", modifiedAt: Date()), changedRowCount: 2)
        #expect(memo.summary(of: first.noteID, changedRowCount: 2) == nil)
    }
}
