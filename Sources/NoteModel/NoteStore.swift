public import Foundation
public import Storage

/// The notes, kept in an SQLite database (`notes.sqlite` in the app's data folder).
///
/// Every method reads or writes the file at once; nothing is cached, so two
/// stores on the same file (two processes) see each other's changes.
public final class NoteStore {
    /// The database file.
    public var path: String { database.path }
    let database: Database
    private var observers: [Int: (NoteChange, NoteChangeOrigin?) -> Void] = [:]
    private var nextObserver = 0

    /// The file name inside the app's data folder.
    public static let fileName = "notes.sqlite"

    /// Opens (creating if missing) the notes database at `path`.
    public init(path: String) throws {
        database = try Database(path: path, schema: NoteSchema.schema)
    }

    /// Opens the notes database in the app's data folder.
    public convenience init(directories: AppDirectories) throws {
        try self.init(path: directories.dataFile(NoteStore.fileName))
    }

    /// Closes the file; when no other process has it open, its write-ahead log is
    /// folded in and removed. The store cannot be used afterwards.
    public func close() { database.close() }

    /// Calls `handler` after every change this store makes, with the origin the
    /// writer gave; observing lasts as long as the returned observation.
    public func observe(_ handler: @escaping (NoteChange, NoteChangeOrigin?) -> Void) -> NoteObservation {
        let key = nextObserver
        nextObserver += 1
        observers[key] = handler
        return NoteObservation { [weak self] in self?.observers[key] = nil }
    }

    func notify(_ change: NoteChange, origin: NoteChangeOrigin?) {
        for handler in observers.values { handler(change, origin) }
    }

    /// Makes a new note and stores it.
    @discardableResult
    public func createNote(body: String = "", at date: Date = Date(), origin: NoteChangeOrigin? = nil) throws -> Note {
        let note = Note(id: UUID(), body: body, createdAt: date, modifiedAt: date)
        try database.execute(
            "INSERT INTO notes (id, body, created_at, modified_at) VALUES (?, ?, ?, ?)",
            [.text(note.id.uuidString), .text(body), .real(date.timeIntervalSince1970),
             .real(date.timeIntervalSince1970)])
        notify(.created(note.id), origin: origin)
        return note
    }

    /// The note with `id`, or nil if there is none.
    public func note(id: UUID) throws -> Note? {
        try database.query(
            "SELECT id, body, created_at, modified_at FROM notes WHERE id = ?",
            [.text(id.uuidString)]
        ).first.flatMap(NoteStore.note(from:))
    }

    /// The note edited last (not in the trash), or nil if there are no notes.
    public func mostRecentlyModifiedNote() throws -> Note? {
        try database.query("""
            SELECT id, body, created_at, modified_at FROM notes WHERE trashed_at IS NULL
            ORDER BY modified_at DESC LIMIT 1
            """).first.flatMap(NoteStore.note(from:))
    }

    /// Every note not in the trash, most recently edited first.
    public func allNotes() throws -> [Note] {
        try database.query("""
            SELECT id, body, created_at, modified_at FROM notes WHERE trashed_at IS NULL
            ORDER BY modified_at DESC
            """).compactMap(NoteStore.note(from:))
    }

    /// Replaces the body of the note with `id`. Throws `NoteStoreError.noSuchNote`
    /// if the note is gone (deleted meanwhile), so the caller can keep the text.
    public func updateBody(
        of id: UUID, to body: String, at date: Date = Date(), origin: NoteChangeOrigin? = nil
    ) throws {
        try database.execute(
            "UPDATE notes SET body = ?, modified_at = ? WHERE id = ?",
            [.text(body), .real(date.timeIntervalSince1970), .text(id.uuidString)])
        guard database.changedRowCount == 1 else { throw NoteStoreError.noSuchNote(id) }
        notify(.edited(id), origin: origin)
    }

    static func note(from row: Row) -> Note? {
        guard let id = row.string(0).flatMap(UUID.init(uuidString:)),
              let body = row.string(1),
              let created = row.real(2), let modified = row.real(3)
        else { return nil }
        return Note(
            id: id, body: body,
            createdAt: Date(timeIntervalSince1970: created),
            modifiedAt: Date(timeIntervalSince1970: modified))
    }
}
