public import FoundationEssentials
import Storage

/// What sync keeps in the notes database: the account, each synced note's
/// file and agreed version, and files to remove from the server. Every
/// change a sync makes to a note and to its record is one transaction, so a
/// sync stopped at any point leaves them consistent.
extension NoteStore {
    /// The account notes sync with, or nil if sync is not set up.
    public func syncAccount() throws -> SyncAccount? {
        try database.query(
            "SELECT folder_url, user_name, trusted_certificates, last_sync, last_failure, write_safety, lists_etags, file_suffix FROM sync_account"
        ).first.flatMap { row in
            guard let folder = row.string(0), let user = row.string(1) else { return nil }
            return SyncAccount(
                folderURL: folder, userName: user, trustedCertificates: row.string(2),
                lastSync: row.real(3).map(Date.init(timeIntervalSince1970:)), lastFailure: row.string(4),
                writeSafety: row.string(5), listsETags: row.integer(6).map { $0 != 0 }, fileSuffix: row.string(7))
        }
    }

    /// Sets up sync with `account`, or turns it off (nil). Another folder or
    /// user than before forgets what was synced: to a new folder every note is new.
    public func setSyncAccount(_ account: SyncAccount?) throws {
        try database.transaction {
            let previous = try syncAccount()
            if previous?.folderURL != account?.folderURL || previous?.userName != account?.userName {
                try database.execute("DELETE FROM sync_files")
                try database.execute("DELETE FROM sync_stale_files")
            }
            try database.execute("DELETE FROM sync_account")
            guard let account else { return }
            try database.execute(
                """
                INSERT INTO sync_account (id, folder_url, user_name, trusted_certificates, write_safety, lists_etags, file_suffix)
                VALUES (1, ?, ?, ?, ?, ?, ?)
                """,
                [.text(account.folderURL), .text(account.userName), account.trustedCertificates.map(SQLiteValue.text) ?? .null,
                 account.writeSafety.map(SQLiteValue.text) ?? .null, account.listsETags.map { .integer($0 ? 1 : 0) } ?? .null,
                 account.fileSuffix.map(SQLiteValue.text) ?? .null])
        }
    }

    /// Records how the server keeps one device's write from replacing
    /// another's (`SyncAccount.writeSafety`), and whether its listings gave
    /// entity tags when that was found.
    public func recordWriteSafety(_ safety: String, listsETags: Bool) throws {
        try database.execute(
            "UPDATE sync_account SET write_safety = ?, lists_etags = ?", [.text(safety), .integer(listsETags ? 1 : 0)])
    }

    /// Records that a sync finished at `date`, and why it failed (nil if it did not).
    public func recordSyncOutcome(at date: Date, failure: String?) throws {
        try database.execute(
            "UPDATE sync_account SET last_sync = ?, last_failure = ?",
            [.real(date.timeIntervalSince1970), failure.map(SQLiteValue.text) ?? .null])
    }

    /// Every note, in the trash or not, without its text.
    public func syncCandidates() throws -> [SyncCandidate] {
        try database.query("SELECT id, revision, trashed_at IS NOT NULL, category, pinned FROM notes").compactMap { row in
            guard let id = row.string(0).flatMap(UUID.init(uuidString:)) else { return nil }
            return SyncCandidate(
                id: id, revision: row.integer(1) ?? 0, isInTrash: row.integer(2) == 1, category: row.string(3) ?? "",
                isPinned: row.integer(4) == 1)
        }
    }

    /// What was synced of each note.
    public func syncedFiles() throws -> [SyncedNoteFile] {
        try database.query(
            "SELECT note_id, file_name, etag, synced_revision, synced_hash, sent_hash, title_base, file_id, synced_favorite FROM sync_files"
        ).compactMap { row in
            guard let id = row.string(0).flatMap(UUID.init(uuidString:)), let name = row.string(1),
                  let hash = row.string(4), let base = row.string(6)
            else { return nil }
            return SyncedNoteFile(
                noteID: id, fileName: name, etag: row.string(2), syncedRevision: row.integer(3) ?? 0,
                syncedHash: hash, sentHash: row.string(5), titleBase: base, fileID: row.string(7),
                syncedFavorite: row.integer(8).map { $0 != 0 })
        }
    }

    /// Records (or replaces) what was synced of a note.
    public func record(_ file: SyncedNoteFile) throws {
        try database.execute("""
            INSERT OR REPLACE INTO sync_files (note_id, file_name, etag, synced_revision, synced_hash, sent_hash, title_base, file_id,
                synced_favorite)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, [.text(file.noteID.uuidString), .text(file.fileName), file.etag.map(SQLiteValue.text) ?? .null,
                  .integer(file.syncedRevision), .text(file.syncedHash), file.sentHash.map(SQLiteValue.text) ?? .null,
                  .text(file.titleBase), file.fileID.map(SQLiteValue.text) ?? .null,
                  file.syncedFavorite.map { .integer($0 ? 1 : 0) } ?? .null])
    }

    /// Records each of `files` and forgets what was synced of each note of
    /// `forgotten`, in one transaction.
    public func record(_ files: [SyncedNoteFile], forgetting forgotten: [UUID]) throws {
        guard !files.isEmpty || !forgotten.isEmpty else { return }
        try database.transaction {
            for file in files { try record(file) }
            for id in forgotten { try forgetSyncedFile(of: id) }
        }
    }

    /// Forgets what was synced of the note `id`.
    public func forgetSyncedFile(of id: UUID) throws {
        try database.execute("DELETE FROM sync_files WHERE note_id = ?", [.text(id.uuidString)])
    }

    /// Files Quire means to remove from the server (renamed notes' old names).
    public func staleFiles() throws -> [SyncLocalState.StaleFile] {
        try database.query("SELECT file_name, etag, synced_hash FROM sync_stale_files").compactMap { row in
            guard let name = row.string(0), let hash = row.string(2) else { return nil }
            return (name, row.string(1), hash)
        }
    }

    /// Forgets the stale file `name` (removed, or changed by someone else and taken in as a note).
    public func forgetStaleFile(_ name: String) throws {
        try database.execute("DELETE FROM sync_stale_files WHERE file_name = ?", [.text(name)])
    }

    /// Records that the note's file is to be `file` from now on (about to be
    /// renamed to it), and that its old name, `old`, is to be removed if a
    /// sync cut short leaves it on the server, whether or not the server
    /// gave it a version: its removal checks its text.
    public func beginRename(to file: SyncedNoteFile, from old: SyncedNoteFile) throws {
        try database.transaction {
            try database.execute(
                "INSERT OR REPLACE INTO sync_stale_files (file_name, etag, synced_hash) VALUES (?, ?, ?)",
                [.text(old.fileName), old.etag.map(SQLiteValue.text) ?? .null, .text(old.syncedHash)])
            try record(file)
        }
    }

    /// Makes a note of a file taken from the server and records it as synced,
    /// in one transaction; `file.noteID` is the new note's. Returns the note.
    @discardableResult
    /// The note is filed in the category its file's folder stands for.
    public func createSyncedNote(body: String, modifiedAt: Date, file: SyncedNoteFile) throws -> Note {
        try database.transaction {
            let note = try createNote(id: file.noteID, body: body, at: modifiedAt, category: file.category, origin: nil)
            var synced = file
            synced.syncedRevision = note.revision
            try record(synced)
            return note
        }
    }

    /// `createSyncedNote`'s write for a `BackgroundNoteSaver`: the change
    /// sequences it produced, for the main thread's store to adopt.
    func writeSyncedNote(body: String, modifiedAt: Date, file: SyncedNoteFile) throws -> ClosedRange<Int64>? {
        try waitingLonger { try sequencedWrite { try createSyncedNote(body: body, modifiedAt: modifiedAt, file: file) }.1 }
    }

    /// Makes a new note of `body` (the server's version of a note changed on
    /// both sides) and records `file`, the note's own file, as known at that
    /// version, in one transaction: a sync cut short between the two would
    /// meet the same conflict again and make a second copy. Returns the copy.
    /// The copy is filed in the note's category.
    public func createConflictCopy(body: String, at date: Date, recording file: SyncedNoteFile) throws -> Note {
        try database.transaction {
            let copy = try createNote(body: body, at: date, category: try category(of: file.noteID))
            try record(file)
            return copy
        }
    }

    /// Saves `body`, taken from the server, as the note's text if the note is
    /// still at `revision` (taking it out of the trash first if it is there),
    /// and records `file` as synced at the revision saved, in one transaction.
    /// Returns false, writing nothing, if the note was edited meanwhile or is gone.
    /// The note is filed in the category its file's folder stands for; a
    /// note whose text is `body` already keeps its revision and time, only
    /// its category and record change (a file moved to another folder).
    public func saveSyncedBody(_ body: String, of id: UUID, over revision: Int64, file: SyncedNoteFile) throws -> Bool {
        struct Refused: Error {}
        do {
            try database.transaction {
                if try isInTrash(id) { try restoreFromTrash(id) }
                var synced = file
                if let current = try note(id: id), current.body == body, current.revision == revision {
                    synced.syncedRevision = revision
                } else {
                    guard case let .saved(saved) = try saveBody(of: id, to: body, over: revision) else { throw Refused() }
                    synced.syncedRevision = saved
                }
                try setCategory(file.category, of: [id])
                try record(synced)
            }
            return true
        } catch is Refused {
            return false
        }
    }

    /// Moves the note to the trash and forgets its file, in one transaction:
    /// its file was removed on the server.
    public func trashRemovedNote(_ id: UUID) throws {
        try database.transaction {
            if try !isInTrash(id), try revision(of: id) != nil { try moveToTrash(id) }
            try forgetSyncedFile(of: id)
        }
    }
}
