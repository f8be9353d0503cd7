import Foundation
import NoteModel
import Storage
import Testing
import TestSupport

/// Categories as Nextcloud's Notes apps keep them: folder paths, normalized
/// as the app normalizes them, counted with their sub-categories, renamed and
/// removed without touching a note's text.
@Suite("Note categories")
struct NoteCategoryTests {
    @Test("a path is normalized as the Notes app does: forbidden characters and leading dots gone, empty parts dropped; each part 255 bytes at most", arguments: [
        ("Work", "Work"), (" Recipes / Cakes ", "Recipes/Cakes"), ("a//b/", "a/b"), (".hidden/x", "hidden/x"),
        ("What?/Why:*", "What/Why"), ("...", ""), ("Ärger/日本", "Ärger/日本"),
        (String(repeating: "日本", count: 50) + "/Cakes", String(repeating: "日本", count: 42) + "日/Cakes"),  // 85 of 100: 255 bytes
    ])
    func normalized(path: String, expected: String) {
        #expect(NoteCategory.normalized(path) == expected)
    }

    @Test("a file name is the title as the Notes app makes it (getSafeTitle): characters removed, not replaced; 100 at most, and 200 bytes at most, cut between characters", arguments: [
        ("Groceries", "Groceries"), ("To do: today?", "To do today"), ("..hidden", "hidden"), ("a\tb", "a b"), ("", "New note"),
        (String(repeating: "x", count: 120), String(repeating: "x", count: 100)),
        (String(repeating: "春眠不觉晓", count: 20), String(repeating: "春眠不觉晓", count: 13) + "春"),  // 66 of 100: 198 bytes
        (String(repeating: "📝", count: 90), String(repeating: "📝", count: 50)),
        (String(repeating: "👩\u{200D}👧", count: 30), String(repeating: "👩\u{200D}👧", count: 18)),  // 11 bytes each, never split
        (String(repeating: "日", count: 66) + " 日本語", String(repeating: "日", count: 66)),  // cut after the space: no space left at the end
    ])
    func fileNames(title: String, expected: String) {
        #expect(NoteFileName.nextcloudBase(for: title, fallback: "New note") == expected)
    }

    @Test("categories are listed part by part, sub-categories right after their own, in lower case without accents, numbers by value")
    func listingOrder() {
        let listed = ["Work 10", "Work 2/x", "Éclairs", "Work/Plans", "apples", "Work", "Work 2", "éclairs", "Week 02", "Week 1"]
            .sorted(by: NoteCategory.listsBefore)
        #expect(listed == ["apples", "Éclairs", "éclairs", "Week 1", "Week 02", "Work", "Work/Plans", "Work 2", "Work 2/x", "Work 10"])
    }

    @Test("categories count their notes with their sub-categories'; filing, renaming and removing change no text, revision or time")
    func filing() throws {
        let folder = try TemporaryDirectory(prefix: "quire-categories")
        defer { folder.remove() }
        let store = try NoteStore(path: folder.file("notes.sqlite"))
        let sponge = try store.createNote(body: "sponge", category: "Recipes/Cakes")
        let soup = try store.createNote(body: "soup", category: "Recipes")
        let plan = try store.createNote(body: "plan")
        #expect(try store.categories() == [NoteCategory(path: "Recipes", count: 2), NoteCategory(path: "Recipes/Cakes", count: 1)])
        #expect(try store.notePage(after: nil, limit: 10, in: "Recipes").ids.sorted { $0.uuidString < $1.uuidString }
                    == [sponge.id, soup.id].sorted { $0.uuidString < $1.uuidString })
        #expect(try store.notePage(after: nil, limit: 10, in: "Recipes/Cakes").ids == [sponge.id])
        #expect(try store.listPosition(of: plan.id, in: "Recipes") == nil, "not in that list")

        var heard: [NoteChange] = []
        let observation = store.observe { change, _ in heard.append(change) }
        let before = try #require(try store.note(id: plan.id))
        let previous = try store.setCategory("Work", of: [plan.id, soup.id])
        #expect(previous == [plan.id: "", soup.id: "Recipes"])
        let after = try #require(try store.note(id: plan.id))
        #expect(after.category == "Work" && after.revision == before.revision && after.modifiedAt == before.modifiedAt)
        #expect(heard.count == 2 && heard.contains(.categoryChanged(plan.id)) && heard.contains(.categoryChanged(soup.id)))
        withExtendedLifetime(observation) {}

        let renamed = try store.renameCategory("Recipes", to: "Baking")
        #expect(renamed == [sponge.id: "Recipes/Cakes"])
        #expect(try store.category(of: sponge.id) == "Baking/Cakes")
        try store.moveNotes(previous.map { ($0.key, $0.value) })  // Undo puts each back
        #expect(try store.category(of: plan.id) == "")
        #expect(try store.category(of: soup.id) == "Recipes")
        let removed = try store.removeCategory("Baking")
        #expect(removed == [sponge.id: "Baking/Cakes"])
        #expect(try store.category(of: sponge.id) == "")
        #expect(try store.categories() == [NoteCategory(path: "Recipes", count: 1)])
    }

    @Test("search in a category finds its notes and its sub-categories' only, by words and in scripts without spaces")
    func searchInCategory() throws {
        let folder = try TemporaryDirectory(prefix: "quire-categories")
        defer { folder.remove() }
        let store = try NoteStore(path: folder.file("notes.sqlite"))
        let sponge = try store.createNote(body: "sponge with sugar 砂糖", category: "Recipes/Cakes")
        let soup = try store.createNote(body: "soup without sugar 砂糖", category: "Recipes")
        let plan = try store.createNote(body: "plan: less sugar 砂糖", category: "Recipesque")
        func found(_ text: String, in category: String?) throws -> Set<UUID> { Set(try store.search(text, in: category).map(\.noteID)) }
        #expect(try found("sugar", in: nil) == [sponge.id, soup.id, plan.id])
        #expect(try found("sugar", in: "Recipes") == [sponge.id, soup.id], "not a category whose name only starts the same")
        #expect(try found("sugar", in: "Recipes/Cakes") == [sponge.id])
        #expect(try found("砂糖", in: "Recipes") == [sponge.id, soup.id])
        #expect(try found("sugar 砂糖", in: "Recipes/Cakes") == [sponge.id])
        #expect(try found("sugar", in: "Nowhere").isEmpty)
    }

    @Test("a file of every version Quire has shipped before categories is brought up to date: every note, pin and sync record kept, none filed, and filing works",
          arguments: 1...7)
    func migration(from version: Int) throws {
        let folder = try TemporaryDirectory(prefix: "quire-categories")
        defer { folder.remove() }
        let path = folder.file("v\(version).sqlite")
        let (plan, soup) = (UUID(), UUID())
        do {
            let old = try Database(path: path, schema: DatabaseSchema(
                applicationID: 0x5155_4E54, migrations: Array(NoteStore.migrationsForTesting.prefix(version))))
            for (id, body) in [(plan, "Plan\nfor work"), (soup, "Soup\nhot")] {
                try old.execute("INSERT INTO notes (id, body, created_at, modified_at) VALUES (?, ?, 0, 0)", [.text(id.uuidString), .text(body)])
            }
            if version >= 4 { try old.execute("UPDATE notes SET pinned = 1 WHERE id = ?", [.text(soup.uuidString)]) }
            if version >= 6 {
                try old.execute("INSERT INTO sync_account (id, folder_url, user_name) VALUES (1, 'https://example.org/Notes/', 'ana')")
                try old.execute("""
                    INSERT INTO sync_files (note_id, file_name, etag, synced_revision, synced_hash, title_base)
                    VALUES (?, 'Soup.md', '"1"', 0, 'h', 'Soup')
                    """, [.text(soup.uuidString)])
            }
            old.close()
        }
        let store = try NoteStore(path: path)
        #expect(try store.allNotes().map(\.body).sorted() == ["Plan\nfor work", "Soup\nhot"])
        #expect(try store.allNotes().allSatisfy { $0.category.isEmpty })
        #expect(try store.categories().isEmpty)
        #expect(try store.isPinned(soup) == (version >= 4))
        #expect(try store.syncedFiles().map(\.fileName) == (version >= 6 ? ["Soup.md"] : []))
        #expect(try store.syncedFiles().first?.fileID == nil, "no file identifier known yet")
        try store.setCategory("Recipes", of: [soup])
        #expect(try store.categories() == [NoteCategory(path: "Recipes", count: 1)])
        #expect(try store.search("hot", in: "Recipes").map(\.noteID) == [soup])
    }
}
