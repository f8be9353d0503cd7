import Foundation

/// Full-text search over the notes outside the trash (SQLite FTS5).
extension NoteStore {
    /// Notes whose text contains every word of `text` (each word also matches as
    /// the start of a longer word), best matches first. Empty text finds nothing.
    public func search(_ text: String, limit: Int = 200) throws -> [NoteSearchResult] {
        guard let query = NoteStore.matchQuery(for: text) else { return [] }
        let start = String(NoteSearchResult.matchStart), end = String(NoteSearchResult.matchEnd)
        return try database.query("""
            SELECT notes.id, notes.body, snippet(notes_search, 0, ?, ?, '…', 12)
            FROM notes_search JOIN notes ON notes.rowid = notes_search.rowid
            WHERE notes_search MATCH ? AND notes.trashed_at IS NULL
            ORDER BY bm25(notes_search), notes.modified_at DESC
            LIMIT ?
            """, [.text(start), .text(end), .text(query), .integer(Int64(limit))]
        ).compactMap { row in
            guard let id = row.string(0).flatMap(UUID.init(uuidString:)), let body = row.string(1) else { return nil }
            return NoteSearchResult(noteID: id, title: Note.title(ofBody: body), markedSnippet: row.string(2) ?? "")
        }
    }

    /// The FTS5 query for what a person typed: each word quoted (so operators
    /// and punctuation are plain text) and matched as a prefix; nil if no words.
    static func matchQuery(for text: String) -> String? {
        let words = text.split(whereSeparator: { $0.isWhitespace }).map { word in
            "\"" + word.replacingOccurrences(of: "\"", with: "\"\"") + "\"*"
        }
        return words.isEmpty ? nil : words.joined(separator: " ")
    }
}
