import Foundation
@testable import NoteModel
import Storage
import Testing
import TestSupport

/// Full-text search over real SQLite files.
@Suite("Note search")
struct NoteSearchTests {
    let folder: TemporaryDirectory
    let store: NoteStore
    init() throws {
        folder = try TemporaryDirectory(prefix: "quire-search")
        store = try NoteStore(path: folder.file("notes.sqlite"))
    }

    private func titles(_ query: String) throws -> [String] { try store.search(query).map(\.title) }

    @Test("a search of the trash finds the notes in it and no others; the usual search finds none of them")
    func searchTheTrash() throws {
        let kept = try store.createNote(body: "Garden plans\ntomatoes")
        let trashed = try store.createNote(body: "Old garden plans\npotatoes")
        let trashedChinese = try store.createNote(body: "旧笔记\n花园计划")
        try store.moveToTrash(trashed.id)
        try store.moveToTrash(trashedChinese.id)
        #expect(try store.search("garden").map(\.noteID) == [kept.id])
        #expect(try store.search("garden", inTrash: true).map(\.noteID) == [trashed.id])
        #expect(try store.search("花园", inTrash: true).map(\.noteID) == [trashedChinese.id], "the unspaced scripts' search too")
        #expect(try store.search("花园").isEmpty)
    }

    @Test("words match whole or as prefixes, ignoring case and accents; every word must match")
    func matching() throws {
        try store.createNote(body: "Groceries\nmilk, eggs and coffee beans")
        try store.createNote(body: "Café ideas\nA quiet corner with good light")
        try store.createNote(body: "Reading list\nThe Name of the Rose")
        #expect(try titles("milk") == ["Groceries"])
        #expect(try titles("cof") == ["Groceries"], "a word matches as a prefix")
        #expect(try titles("cafe") == ["Café ideas"], "accents are ignored")
        #expect(try titles("MILK eggs") == ["Groceries"])
        #expect(try titles("milk rose").isEmpty, "every word must match")
        #expect(try titles("   ").isEmpty)
    }

    @Test("the punctuation typed around words is left out, as the editor leaves it out; a word of symbols alone (an emoji, €) is found anywhere")
    func punctuationAndSymbols() throws {
        try store.createNote(body: "Meeting notes\nTalk about the budget: 12€ each")
        try store.createNote(body: "Party\nPizza🍕 and games")
        #expect(try titles("\"talk about\"") == ["Meeting notes"])
        #expect(try titles("(budget)!") == ["Meeting notes"])
        #expect(try titles("🍕") == ["Party"])
        #expect(try titles("€ budget") == ["Meeting notes"], "beside a word the index matches")
        #expect(try titles("€ games").isEmpty, "every word must match")
        let result = try #require(try store.search("🍕").first).readableSnippet()
        #expect(result.matches.map { String(result.text[$0]) } == ["🍕"])
    }

    @Test("Chinese and Japanese words match anywhere in a phrase, alone or beside spaced words, and are marked")
    func unspacedScripts() throws {
        try store.createNote(body: "東京の旅行計画\n新幹線で京都へ行く")
        try store.createNote(body: "购物清单\n牛奶和鸡蛋 coffee")
        try store.createNote(body: "Trip notes\nKyoto in spring")
        #expect(try titles("旅行") == ["東京の旅行計画"], "a word inside a run of Han and Hiragana")
        #expect(try titles("京都 新幹線") == ["東京の旅行計画"], "every word must match")
        #expect(try titles("鸡蛋") == ["购物清单"])
        #expect(try titles("鸡蛋 cof") == ["购物清单"], "with a spaced word, matched as a prefix")
        #expect(try titles("鸡蛋 kyoto").isEmpty)
        #expect(try titles("旅館").isEmpty)
        let result = try #require(try store.search("京都").first).readableSnippet()
        #expect(result.matches.map { String(result.text[$0]) } == ["京都"])
        #expect(result.text == "新幹線で京都へ行く", "the title line, without a match, is left to the title")
    }

    @Test("what a person types is searched as text, never as query syntax", arguments: [
        "\"unbalanced", "NOT", "milk OR", "body:milk", "*", "(milk", "mi\"lk", "-milk", "NEAR(milk eggs)",
    ])
    func typedSyntaxIsText(query: String) throws {
        try store.createNote(body: "milk and eggs")
        _ = try store.search(query)  // must not throw a syntax error
    }

    @Test("matched words are marked in the snippet")
    func snippetMatches() throws {
        try store.createNote(body: "Packing\nsunscreen, towel, sunglasses and a book")
        let result = try #require(try store.search("sun").first).readableSnippet()
        #expect(result.matches.map { String(result.text[$0]) } == ["sunscreen", "sunglasses"])
        #expect(!result.text.contains("\u{2}"))
    }

    @Test("a snippet reads without Markdown marks, blank lines or a title line without a match, its matches still on the matched words")
    func snippetWithoutMarks() throws {
        try store.createNote(body: "# Trip\n\n- [ ] **sunscreen**, `hat`\n> [sunny](quire://x)\n\n~~old~~ sun_tan")
        let result = try #require(try store.search("sun").first).readableSnippet()
        #expect(result.text == "sunscreen, hat\nsunny\nold sun_tan")
        #expect(result.matches.map { String(result.text[$0]) } == ["sunscreen", "sunny", "sun"])
        try store.createNote(body: "旅行\n- [x] **京都**、行く")
        let unspaced = try #require(try store.search("京都").first).readableSnippet()
        #expect(unspaced.text == "京都、行く")
        #expect(unspaced.matches.map { String(unspaced.text[$0]) } == ["京都"])
        try store.createNote(body: "Reading\nplease read [the docs](https://example.org/one/two/three/four/five/six/seven/eight/nine) today")
        let cut = try #require(try store.search("docs").first).readableSnippet()
        #expect(cut.text == "please read the docs…", "a link cut short reads as its text")
        #expect(cut.matches.map { String(cut.text[$0]) } == ["docs"])
        try store.createNote(body: "旅行\n新幹線で**大阪**へ")
        let paired = try #require(try store.search("大阪").first).readableSnippet()
        #expect(paired.text == "新幹線で大阪へ", "marks inside unspaced text pair up: \(paired.text)")
    }

    @Test("a title line with a match stays in the snippet, and so does the only line")
    func titleLineWithMatch() throws {
        try store.createNote(body: "Sunday plans\nthe beach")
        try store.createNote(body: "# sunset")
        let results = try store.search("sun").map { $0.readableSnippet() }
        #expect(Set(results.map(\.text)) == ["Sunday plans\nthe beach", "sunset"])
        #expect(Set(results.flatMap { result in result.matches.map { String(result.text[$0]) } }) == ["Sunday", "sunset"])
    }

    @Test("edits, the trash and deletions are reflected at once")
    func followsChanges() throws {
        let note = try store.createNote(body: "alpha")
        try store.updateBody(of: note.id, to: "beta")
        #expect(try titles("alpha").isEmpty)
        #expect(try titles("beta") == ["beta"])
        try store.moveToTrash(note.id)
        #expect(try titles("beta").isEmpty, "the trash is not searched")
        try store.restoreFromTrash(note.id)
        #expect(try titles("beta") == ["beta"])
        try store.moveToTrash(note.id)
        try store.deletePermanently(note.id)
        #expect(try titles("beta").isEmpty)
        #expect(throws: NoteStoreError.noSuchNote(note.id), "gone for good") { try store.restoreFromTrash(note.id) }
    }

    @Test("notes written before search existed are found after the migration")
    func migratedNotesAreIndexed() throws {
        let path = folder.file("old.sqlite")
        do {
            let old = try Database(path: path, schema: DatabaseSchema(applicationID: 0, migrations: Array(NoteSchema.migrations.prefix(1))))
            try old.execute(
                "INSERT INTO notes (id, body, created_at, modified_at) VALUES (?, ?, 0, 0)",
                [.text(UUID().uuidString), "written in version one"])
        }
        let store = try NoteStore(path: path)
        #expect(try store.search("version").map(\.title) == ["written in version one"])
    }
}
