public import FoundationEssentials

/// The trash: deleted notes wait here, restorable, until deleted for good.
extension NoteStore {
    /// Moves a note to the trash. Throws `NoteStoreError.noSuchNote` if it is gone
    /// (or already in the trash).
    public func moveToTrash(_ id: UUID, at date: Date = Date(), origin: NoteChangeOrigin? = nil) throws {
        claim(try writeTrashing(id, at: date))
        notify(.movedToTrash(id), origin: origin)
    }

    /// The write of `moveToTrash`, telling no one (a `BackgroundNoteSaver`
    /// makes it on its own connection): returns the change sequences it made.
    func writeTrashing(_ id: UUID, at date: Date) throws -> ClosedRange<Int64>? {
        let (moved, sequences) = try sequencedWrite {
            try database.execute(
                "UPDATE notes SET trashed_at = ? WHERE id = ? AND trashed_at IS NULL",
                [.real(date.timeIntervalSince1970), .text(id.uuidString)])
            return database.changedRowCount == 1
        }
        guard moved else { throw NoteStoreError.noSuchNote(id) }
        return sequences
    }

    /// Takes a note out of the trash.
    public func restoreFromTrash(_ id: UUID, origin: NoteChangeOrigin? = nil) throws {
        claim(try writeRestoring(id))
        notify(.restoredFromTrash(id), origin: origin)
    }

    /// The write of `restoreFromTrash`, telling no one: returns the change sequences it made.
    func writeRestoring(_ id: UUID) throws -> ClosedRange<Int64>? {
        let (restored, sequences) = try sequencedWrite {
            try database.execute(
                "UPDATE notes SET trashed_at = NULL WHERE id = ? AND trashed_at IS NOT NULL", [.text(id.uuidString)])
            return database.changedRowCount == 1
        }
        guard restored else { throw NoteStoreError.noSuchNote(id) }
        return sequences
    }

    /// The notes in the trash, most recently trashed first.
    public func trashedNotes() throws -> [Note] {
        try database.query("""
            SELECT \(NoteStore.columns) FROM notes WHERE trashed_at IS NOT NULL
            ORDER BY trashed_at DESC
            """).compactMap(NoteStore.note(from:))
    }

    /// Deletes a note in the trash for good, and returns it as it was, for Undo.
    /// Notes outside the trash are refused.
    @discardableResult
    public func deletePermanently(_ id: UUID, origin: NoteChangeOrigin? = nil) throws -> DeletedNote {
        let (deleted, sequences) = try writeDeletion(id)
        claim(sequences)
        notify(.deletedPermanently(id), origin: origin)
        return deleted
    }

    /// The write of `deletePermanently`, telling no one: returns the note
    /// deleted and the change sequences it made.
    func writeDeletion(_ id: UUID) throws -> (DeletedNote, ClosedRange<Int64>?) {
        let (deleted, sequences) = try sequencedWrite { () throws -> DeletedNote? in
            guard let row = try database.query(
                """
                SELECT \(NoteStore.columns), trashed_at, pinned, (SELECT language FROM note_spelling WHERE note_id = notes.id)
                FROM notes WHERE id = ? AND trashed_at IS NOT NULL
                """,
                [.text(id.uuidString)]).first,
                let note = NoteStore.note(from: row), let trashedAt = row.real(6)
            else { return nil }
            try database.execute("DELETE FROM notes WHERE id = ?", [.text(id.uuidString)])
            return DeletedNote(
                note: note, trashedAt: Date(timeIntervalSince1970: trashedAt), isPinned: row.integer(7) == 1, spellingLanguage: row.string(8))
        }
        guard let deleted else { throw NoteStoreError.noSuchNote(id) }
        return (deleted, sequences)
    }

    /// Puts a note deleted for good back in the trash, exactly as it was (Undo
    /// after Delete Forever). Throws `NoteStoreError.noteExists` if a note with
    /// its identifier is there again.
    public func putBack(_ deleted: DeletedNote, origin: NoteChangeOrigin? = nil) throws {
        claim(try writePutBack(deleted))
        // Where another process sees it: a note that arrived in the trash.
        notify(.movedToTrash(deleted.note.id), origin: origin)
    }

    /// The write of `putBack`, telling no one: returns the change sequences it made.
    func writePutBack(_ deleted: DeletedNote) throws -> ClosedRange<Int64>? {
        let note = deleted.note
        return try sequencedWrite {
            guard try database.query("SELECT 1 FROM notes WHERE id = ?", [.text(note.id.uuidString)]).isEmpty else {
                throw NoteStoreError.noteExists(note.id)
            }
            try database.execute(
                """
                INSERT INTO notes (id, body, created_at, modified_at, revision, trashed_at, \(NoteStore.derivedColumns), category, pinned)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
                [.text(note.id.uuidString), .text(note.body), .real(note.createdAt.timeIntervalSince1970),
                 .real(note.modifiedAt.timeIntervalSince1970), .integer(note.revision),
                 .real(deleted.trashedAt.timeIntervalSince1970)] + NoteStore.derivedValues(of: note.body)
                    + [.text(note.category), .integer(deleted.isPinned ? 1 : 0)])
            if let language = deleted.spellingLanguage { try setSpellingLanguage(language, of: note.id) }
        }.1
    }

    /// Deletes every note in the trash for good, in one transaction: the notes
    /// reported are exactly the ones deleted, even with another writer at work.
    /// Returns how many.
    @discardableResult
    public func emptyTrash(origin: NoteChangeOrigin? = nil) throws -> Int {
        let (ids, sequences) = try writeEmptying()
        claim(sequences)
        notify(ids.map(NoteChange.deletedPermanently), origin: origin)
        return ids.count
    }

    /// The write of `emptyTrash`, telling no one: returns the notes deleted
    /// and the change sequences it made.
    func writeEmptying() throws -> ([UUID], ClosedRange<Int64>?) {
        try sequencedWrite {
            let ids = try database.query("SELECT id FROM notes WHERE trashed_at IS NOT NULL")
                .compactMap { $0.string(0).flatMap(UUID.init(uuidString:)) }
            try database.execute("DELETE FROM notes WHERE trashed_at IS NOT NULL")
            return ids
        }
    }
}
