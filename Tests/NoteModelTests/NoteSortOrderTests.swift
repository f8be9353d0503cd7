import Foundation
@testable import NoteModel
import Storage
import Testing
import TestSupport

/// The list in each of its orders: pinned notes first, then by edit, by
/// creation, or by title; pages, positions and cursors agree with it.
@Suite("Note list orders")
struct NoteSortOrderTests {
    /// Five notes made one after another, the oldest edited last; one pinned.
    private func store(in folder: TemporaryDirectory) throws -> (NoteStore, [String: UUID]) {
        let store = try NoteStore(path: folder.file("notes.sqlite"))
        var ids: [String: UUID] = [:]
        for (index, title) in ["banana", "Éclair", "apple", "cherry", "# Date"].enumerated() {
            ids[title] = try store.createNote(body: "\(title)\ntext", at: Date(timeIntervalSince1970: Double(100 + index))).id
        }
        try store.updateBody(of: ids["banana"]!, to: "banana\nedited", at: Date(timeIntervalSince1970: 200))
        try store.setPinned(true, of: ids["cherry"]!)
        return (store, ids)
    }

    private func titles(_ store: NoteStore, _ ids: [String: UUID], pageSize: Int = 2) throws -> [String] {
        let names = Dictionary(uniqueKeysWithValues: ids.map { ($0.value, $0.key) })
        var found: [String] = []
        var cursor: NotePageCursor?
        repeat {
            let page = try store.notePage(after: cursor, limit: pageSize)
            found += page.ids.compactMap { names[$0] }
            cursor = page.next
        } while cursor != nil
        return found
    }

    @Test("each order lists the pinned note first, then the rest as it says, page by page; positions and cursors agree")
    func orders() throws {
        let folder = try TemporaryDirectory(prefix: "quire-order")
        let (store, ids) = try store(in: folder)
        #expect(try titles(store, ids) == ["cherry", "banana", "# Date", "apple", "Éclair"], "edited: the newest edit first")
        store.listOrder = .created
        #expect(try titles(store, ids) == ["cherry", "# Date", "apple", "Éclair", "banana"], "created: the newest note first")
        store.listOrder = .title
        #expect(try titles(store, ids) == ["cherry", "apple", "banana", "# Date", "Éclair"],
                "title: A to Z as the list shows titles, ignoring case, accents and Markdown marks")
        for order in NoteSortOrder.allCases {
            store.listOrder = order
            let all = try store.notePageOfStoredIDs(after: nil, limit: 10).ids
            #expect(try store.noteIDs().map(\.uuidString) == all)
            for (position, id) in all.enumerated() {
                #expect(try store.listPosition(of: UUID(uuidString: id)!) == position, "\(order)")
                let cursor = try #require(try store.pageCursor(endingAt: id))
                #expect(try store.notePageOfStoredIDs(after: cursor, limit: 10).ids == Array(all[(position + 1)...]), "\(order)")
            }
        }
    }

    @Test("a note's title changing moves it in the title order; an edit does not move it in the creation order")
    func editsMoveAsTheOrderSays() throws {
        let folder = try TemporaryDirectory(prefix: "quire-order")
        let (store, ids) = try store(in: folder)
        store.listOrder = .title
        try store.updateBody(of: ids["apple"]!, to: "zucchini\nnow")
        #expect(try titles(store, ids) == ["cherry", "banana", "# Date", "Éclair", "apple"])
        store.listOrder = .created
        #expect(try titles(store, ids) == ["cherry", "# Date", "apple", "Éclair", "banana"])
    }

    @Test("notes saved before titles were stored are given theirs when the list is first sorted by title")
    func titlesFilledIn() throws {
        let folder = try TemporaryDirectory(prefix: "quire-order")
        let path = folder.file("notes.sqlite")
        let (store, ids) = try store(in: folder)
        store.close()
        // As a Quire from before sort titles left them.
        let database = try Database(path: path, schema: NoteSchema.schema)
        try database.execute("UPDATE notes SET sort_title = NULL")
        database.close()
        let reopened = try NoteStore(path: path)
        reopened.listOrder = .title
        #expect(try titles(reopened, ids) == ["cherry", "apple", "banana", "# Date", "Éclair"])
    }

    /// The store at `path` as a Quire of schema `version` left it (`sql` made
    /// it so), opened again (and so brought up to date), listed by title.
    private func reopenedByTitle(_ path: String, leftBy sql: String, schema version: Int) throws -> NoteStore {
        let database = try Database(path: path, schema: NoteSchema.schema)
        try database.execute(sql)
        try database.execute("PRAGMA user_version = \(version)")
        database.close()
        let reopened = try NoteStore(path: path)
        reopened.listOrder = .title
        return reopened
    }

    @Test("a note whose text starts with a byte-order mark (a file from Windows' Notepad), sorted after Z before such marks were blanks, is sorted by its words once the file is brought up to date")
    func byteOrderMarkSortedAgain() throws {
        let folder = try TemporaryDirectory(prefix: "quire-order")
        let path = folder.file("notes.sqlite")
        var (store, ids) = try store(in: folder)
        ids["\u{FEFF}Avocado"] = try store.createNote(body: "\u{FEFF}Avocado\ntext").id
        store.close()
        // As a Quire of schema 11 left it: the mark was the title's first letter.
        let reopened = try reopenedByTitle(
            path, leftBy: "UPDATE notes SET sort_title = char(65279) || 'avocado' WHERE instr(body, char(65279)) = 1", schema: 11)
        #expect(try titles(reopened, ids) == ["cherry", "apple", "\u{FEFF}Avocado", "banana", "# Date", "Éclair"])
    }

    @Test("a note starting with a code fence, sorted as \"```\" before a line of marks alone was passed over, is sorted by its first words once the file is brought up to date")
    func codeFenceSortedAgain() throws {
        let folder = try TemporaryDirectory(prefix: "quire-order")
        let path = folder.file("notes.sqlite")
        var (store, ids) = try store(in: folder)
        ids["```\nbrew"] = try store.createNote(body: "```\nbrew install\n```").id
        store.close()
        // As a Quire of schema 12 left it: the fence was the title.
        let reopened = try reopenedByTitle(path, leftBy: "UPDATE notes SET sort_title = '```' WHERE substr(body, 1, 3) = '```'", schema: 12)
        #expect(try titles(reopened, ids) == ["cherry", "apple", "banana", "```\nbrew", "# Date", "Éclair"])
    }
}
