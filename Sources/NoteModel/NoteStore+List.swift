public import Foundation

/// What the note list needs: identifiers in order, and a row's summary on demand.
extension NoteStore {
    /// The identifiers of the notes outside the trash, most recently edited first.
    /// Reads no note text, so it stays quick with many notes.
    public func noteIDs() throws -> [UUID] {
        try database.query("SELECT id FROM notes WHERE trashed_at IS NULL ORDER BY modified_at DESC")
            .compactMap { $0.string(0).flatMap(UUID.init(uuidString:)) }
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
