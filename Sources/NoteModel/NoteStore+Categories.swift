public import FoundationEssentials
import Storage

/// Categories, as Nextcloud's Notes apps keep them: each note's folder path
/// ("Recipes/Cakes"; "" for none). Filing a note, renaming or removing a
/// category changes no note's text, revision or time: only which lists show
/// it, and where sync keeps its file.
extension NoteStore {
    /// Every category a note outside the trash is filed in, with its
    /// ancestors (a note in "Recipes/Cakes" makes "Recipes" too), each with
    /// how many notes it holds, its sub-categories' included; by path, case
    /// aside. Counting reads an index entry for every note in a category
    /// (8 ms for 100,000), and every main window asks at launch: read once
    /// while nothing could have changed them (`NoteListMemo`).
    public func categories() throws -> [NoteCategory] {
        let changedRows = database.totalChangedRowCount
        if let kept = listMemo.categories(changedRowCount: changedRows) { return kept }
        let categories = try readCategories()
        listMemo.keep(categories: categories, changedRowCount: changedRows)
        return categories
    }

    private func readCategories() throws -> [NoteCategory] {
        var counts: [String: Int] = [:]
        // `> ''` (not `!= ''`) lets SQLite seek past the notes in no category in
        // `notes_by_category`: most notes have none.
        let rows = try database.query(
            "SELECT category, count(*) FROM notes WHERE trashed_at IS NULL AND category > '' GROUP BY category")
        for row in rows {
            guard let path = row.string(0) else { continue }
            let count = Int(row.integer(1) ?? 0)
            for category in NoteCategory.lineage(of: path) { counts[category, default: 0] += count }
        }
        return counts.map { NoteCategory(path: $0.key, count: $0.value) }
            .sorted { NoteCategory.listsBefore($0.path, $1.path) }
    }

    /// The category of the note `id` ("" for none, or if there is no such note).
    public func category(of id: UUID) throws -> String {
        try database.query("SELECT category FROM notes WHERE id = ?", [.text(id.uuidString)]).first?.string(0) ?? ""
    }

    /// Files each note of `ids` in `category` (normalized first; "" for
    /// none), in one transaction. Returns the category each had before, for
    /// Undo (notes already there, or gone, left out).
    @discardableResult
    public func setCategory(_ category: String, of ids: [UUID], origin: NoteChangeOrigin? = nil) throws -> [UUID: String] {
        let target = NoteCategory.normalized(category)
        return try moveNotes(ids.map { ($0, target) }, origin: origin)
    }

    /// Files each note in its own category (`moves`, each normalized), in one
    /// transaction: Undo of a move of several notes puts each back. Returns
    /// the category each had before (notes already there, or gone, left out).
    @discardableResult
    public func moveNotes(_ moves: [(id: UUID, category: String)], origin: NoteChangeOrigin? = nil) throws -> [UUID: String] {
        var previous: [UUID: String] = [:]
        try ownWrite {
            for (id, category) in moves {
                let target = NoteCategory.normalized(category)
                guard let current = try database.query("SELECT category FROM notes WHERE id = ?", [.text(id.uuidString)]).first?
                    .string(0), current != target
                else { continue }
                try database.execute("UPDATE notes SET category = ? WHERE id = ?", [.text(target), .text(id.uuidString)])
                previous[id] = current
            }
        }
        notify(previous.keys.sorted { $0.uuidString < $1.uuidString }.map { .categoryChanged($0) }, origin: origin)
        return previous
    }

    /// Renames the category `old` to `new` everywhere: its notes, and those of
    /// its sub-categories, which keep their place under it. Returns the
    /// category each note had, for Undo.
    @discardableResult
    public func renameCategory(_ old: String, to new: String, origin: NoteChangeOrigin? = nil) throws -> [UUID: String] {
        let target = NoteCategory.normalized(new)
        let moves = try notes(inCategory: old).map { id, category in (id, target + category.dropFirst(old.count)) }
        return try moveNotes(moves.map { ($0.0, String($0.1)) }, origin: origin)
    }

    /// Removes the category `path`: its notes, and those of its
    /// sub-categories, are filed in none. Nothing is deleted. Returns the
    /// category each note had, for Undo.
    @discardableResult
    public func removeCategory(_ path: String, origin: NoteChangeOrigin? = nil) throws -> [UUID: String] {
        try moveNotes(try notes(inCategory: path).map { ($0.id, "") }, origin: origin)
    }

    /// The notes (in the trash or not) filed in `path` or below it, with their categories.
    func notes(inCategory path: String) throws -> [(id: UUID, category: String)] {
        try database.query(
            "SELECT id, category FROM notes WHERE \(NoteStore.categoryFilter)", NoteStore.categoryArguments(path)
        ).compactMap { row in
            guard let id = row.string(0).flatMap(UUID.init(uuidString:)), let category = row.string(1) else { return nil }
            return (id, category)
        }
    }

    /// The SQL that keeps the notes of a category and its sub-categories
    /// (`categoryArguments` gives its values).
    static let categoryFilter = "(category = ? OR substr(category, 1, length(?)) = ?)"

    /// The values of `categoryFilter` for `path`.
    static func categoryArguments(_ path: String) -> [SQLiteValue] {
        [.text(path), .text(path + "/"), .text(path + "/")]
    }
}
