import FoundationEssentials
import Storage

/// Full-text search over the notes outside the trash, or in it (SQLite FTS5).
extension NoteStore {
    /// Notes whose text contains every word of `text` (each word also matches as
    /// the start of a longer word), best matches first. Words in scripts written
    /// without spaces (Chinese, Japanese) match anywhere in the text, since the
    /// index cannot tell where their words begin, as do words of symbols alone,
    /// which it does not keep (`SearchWords`). With `category`, only its
    /// notes and those of the categories inside it; with `inTrash`, the notes
    /// in the trash instead of the others. Empty text finds nothing.
    public func search(_ text: String, in category: String? = nil, inTrash: Bool = false, limit: Int = 200) throws -> [NoteSearchResult] {
        let place = inTrash ? "trashed_at IS NOT NULL" : "trashed_at IS NULL"
        let words = SearchWords.of(text)
        let unspaced = words.filter(\.anywhere).map(\.text)
        let (inCategory, categoryValues) = category.map { (" AND " + NoteStore.categoryFilter, NoteStore.categoryArguments($0)) } ?? ("", [])
        guard let query = NoteStore.matchQuery(for: words.filter { !$0.anywhere }.map(\.text)) else {
            return try substringSearch(for: unspaced, inCategory: (inCategory, categoryValues), place: place, limit: limit)
        }
        let start = String(NoteSearchResult.matchStart), end = String(NoteSearchResult.matchEnd)
        let alsoContains = String(repeating: " AND instr(notes.body, ?) > 0", count: unspaced.count)
        return try database.query("""
            SELECT notes.id, substr(notes.body, 1, ?), snippet(notes_search, 0, ?, ?, '…', 12)
            FROM notes_search JOIN notes ON notes.rowid = notes_search.rowid
            WHERE notes_search MATCH ? AND notes.\(place)\(alsoContains)\(inCategory)
            ORDER BY bm25(notes_search), notes.modified_at DESC
            LIMIT ?
            """, [.integer(Int64(Note.titleSourceLength)), .text(start), .text(end), .text(query)] + unspaced.map { .text($0) }
                + categoryValues + [.integer(Int64(limit))]
        ).compactMap { row in NoteStore.result(from: row) { _ in row.string(2) ?? "" } }
    }

    /// Notes containing every one of `words` anywhere (and meeting the
    /// conditions `inCategory` and `place`), newest first, with a snippet
    /// around the first word's first occurrence.
    private func substringSearch(
        for words: [String], inCategory: (sql: String, values: [SQLiteValue]), place: String, limit: Int
    ) throws -> [NoteSearchResult] {
        guard let first = words.first else { return [] }
        let conditions = words.map { _ in "instr(body, ?) > 0" }.joined(separator: " AND ")
        return try database.query("""
            SELECT id, body FROM notes
            WHERE \(place) AND \(conditions)\(inCategory.sql)
            ORDER BY modified_at DESC
            LIMIT ?
            """, words.map { .text($0) } + inCategory.values + [.integer(Int64(limit))]
        ).compactMap { row in NoteStore.result(from: row) { NoteStore.markedSnippet(of: $0, around: first) } }
    }

    /// A result from a row of (id, body or its start, …), with the snippet
    /// `snippet` makes from the body.
    private static func result(from row: Row, snippet: (String) -> String) -> NoteSearchResult? {
        guard let id = row.string(0).flatMap(UUID.init(uuidString:)), let body = row.string(1) else { return nil }
        return NoteSearchResult(noteID: id, title: Note.title(ofBody: body), markedSnippet: snippet(body))
    }

    /// A dozen characters either side of `word`'s first occurrence in `body`,
    /// with the word marked as SQLite's `snippet()` marks matches.
    static func markedSnippet(of body: String, around word: String) -> String {
        guard let range = body.firstRange(of: word) else { return "" }
        let context = 12
        let from = body.index(range.lowerBound, offsetBy: -context, limitedBy: body.startIndex) ?? body.startIndex
        let to = body.index(range.upperBound, offsetBy: context, limitedBy: body.endIndex) ?? body.endIndex
        let lead = from == body.startIndex ? "" : "…", tail = to == body.endIndex ? "" : "…"
        return lead + body[from..<range.lowerBound] + String(NoteSearchResult.matchStart) + body[range]
            + String(NoteSearchResult.matchEnd) + body[range.upperBound..<to] + tail
    }

    /// The FTS5 query for the words a person typed: each quoted (so operators
    /// and punctuation are plain text) and matched as a prefix; nil if no words.
    static func matchQuery(for words: [String]) -> String? {
        guard !words.isEmpty else { return nil }
        return words.map { $0.doubleQuotedForSQL + "*" }.joined(separator: " ")
    }
}
