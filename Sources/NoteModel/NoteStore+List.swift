public import Foundation
import Storage

/// What the note list needs: identifiers in order, and a row's summary on demand.
extension NoteStore {
    /// The identifiers of the notes outside the trash, most recently edited first.
    /// Reads no note text, so it stays quick with many notes.
    public func noteIDs() throws -> [UUID] {
        try database.query("SELECT id FROM notes WHERE trashed_at IS NULL ORDER BY modified_at DESC")
            .compactMap { $0.string(0).flatMap(UUID.init(uuidString:)) }
    }

    /// One page of the notes outside the trash, newest first: the `limit` notes
    /// that come after `cursor` (nil: from the newest). Pages are cut by
    /// (modification time, identifier), so a note edited meanwhile moves to the
    /// front instead of appearing twice. Returns the page and the next cursor.
    public func notePage(after cursor: NotePageCursor?, limit: Int) throws -> (ids: [UUID], next: NotePageCursor?) {
        let rows: [Row]
        if let cursor {
            rows = try database.query("""
                SELECT id, modified_at FROM notes
                WHERE trashed_at IS NULL AND (modified_at, id) < (?, ?)
                ORDER BY modified_at DESC, id DESC LIMIT ?
                """, [.real(cursor.modifiedAt), .text(cursor.id), .integer(Int64(limit))])
        } else {
            rows = try database.query("""
                SELECT id, modified_at FROM notes WHERE trashed_at IS NULL
                ORDER BY modified_at DESC, id DESC LIMIT ?
                """, [.integer(Int64(limit))])
        }
        let ids = rows.compactMap { $0.string(0).flatMap(UUID.init(uuidString:)) }
        let next = rows.last.flatMap { row in
            row.string(0).map { NotePageCursor(modifiedAt: row.real(1) ?? 0, id: $0) }
        }
        return (ids, rows.count < limit ? nil : next)
    }

    /// Where the note `id` stands in the list of notes outside the trash, newest
    /// first (the order of `notePage`): how many notes come before it. Nil if it
    /// is in the trash or gone.
    public func listPosition(of id: UUID) throws -> Int? {
        guard let modified = try database.query(
            "SELECT modified_at FROM notes WHERE id = ? AND trashed_at IS NULL", [.text(id.uuidString)]
        ).first?.real(0) else { return nil }
        return try database.query("""
            SELECT count(*) FROM notes
            WHERE trashed_at IS NULL AND (modified_at, id) > (?, ?)
            """, [.real(modified), .text(id.uuidString)]).first?.integer(0).map(Int.init)
    }

    /// A row's summary of the note `id`, reading only the start of its text.
    public func summary(of id: UUID) throws -> NoteSummary? {
        try database.query(
            "SELECT substr(body, 1, ?), modified_at FROM notes WHERE id = ?",
            [.integer(Int64(NoteSummary.readLength)), .text(id.uuidString)]
        ).first.map { row in
            NoteSummary(noteID: id, start: row.string(0) ?? "", modifiedAt: Date(timeIntervalSince1970: row.real(1) ?? 0))
        }
    }
}
