public import FoundationEssentials
public import Storage

/// The notes, kept in an SQLite database (`notes.sqlite` in the app's data folder).
///
/// Every method reads or writes the file at once, so two stores on the same
/// file (two processes) see each other's changes, and `followOtherWriters()`
/// tells this store's observers what the others changed; only what the lists
/// read (rows' summaries, categories) is kept, until that or a change of this
/// store's own (`NoteListMemo`).
/// A body is saved only over the revision its editor last saw
/// (`saveBody(of:to:over:)`), so no writer overwrites a version it never saw.
public final class NoteStore {
    /// The database file.
    public var path: String { database.path }
    let database: Database
    private var observers: [Int: (NoteChange, NoteChangeOrigin?) -> Void] = [:]
    private var batchObservers: [Int: ([NoteChange], NoteChangeOrigin?) -> Void] = [:]
    private var nextObserver = 0
    /// What followOtherWriters has seen: SQLite's count of other connections'
    /// commits, and the last change sequence.
    private var seenDataVersion: Int64 = 0
    private var seenSequence: Int64 = 0
    /// Change sequences this store's own writes produced, not to be reported again.
    private var ownSequences: Set<Int64> = []
    /// What the lists read (summaries, categories) since anything last changed.
    var listMemo = NoteListMemo()

    /// The order of the note list (`notePage`, `listPosition`): pinned notes
    /// first, then as this says. Sorting by title first fills in the titles of
    /// notes saved before titles were stored.
    public var listOrder = NoteSortOrder.edited {
        didSet { if listOrder == .title, oldValue != .title { fillInSortTitles() } }
    }

    /// The schema's migrations, for tests that build a file of an earlier version.
    public static var migrationsForTesting: [Migration] { NoteSchema.migrations }

    /// The file name inside the app's data folder.
    public static let fileName = "notes.sqlite"

    /// How long a write waits for another program's write before failing with
    /// a `.busy` error, so that a held lock never freezes the windows: the
    /// caller keeps the text and tries again later.
    public static let writeWaitMilliseconds: Int32 = 20

    /// What opening found and dealt with that a person should hear of.
    public var openingNotices: [DatabaseNotice] { database.openingNotices }

    /// Opens (creating if missing) the notes database at `path`, whose
    /// commits reach the disk as `durability` says.
    public init(path: String, durability: DatabaseDurability = .withinHalfASecond) throws {
        database = try Database(path: path, schema: NoteSchema.schema, durability: durability)
        database.busyTimeoutMilliseconds = NoteStore.writeWaitMilliseconds
        seenDataVersion = try dataVersion()
        seenSequence = try currentSequence()
    }

    /// Opens the notes database in the app's data folder.
    public convenience init(directories: AppDirectories) throws {
        try self.init(path: directories.dataFile(NoteStore.fileName))
    }

    /// Closes the file; when no other process has it open, its write-ahead log is
    /// folded in and removed. The store cannot be used afterwards.
    public func close() { database.close() }

    /// Calls `handler` after every change this store makes, with the origin the
    /// writer gave, and after every change `followOtherWriters()` finds (origin
    /// `.elsewhere`); observing lasts as long as the returned observation.
    public func observe(_ handler: @escaping (NoteChange, NoteChangeOrigin?) -> Void) -> NoteObservation {
        let key = nextObserver
        nextObserver += 1
        observers[key] = handler
        return NoteObservation { [weak self] in self?.observers[key] = nil }
    }

    /// Calls `handler` once for the changes this store makes or finds
    /// together (an import's notes, a trash emptied, what other connections
    /// changed since `followOtherWriters()` last looked: a sync's hundreds),
    /// and with one change for every other; observing lasts as long as the
    /// returned observation. For an observer whose work for many changes at
    /// once is less than for each on its own (a list reads its rows again).
    public func observeTogether(_ handler: @escaping ([NoteChange], NoteChangeOrigin?) -> Void) -> NoteObservation {
        let key = nextObserver
        nextObserver += 1
        batchObservers[key] = handler
        return NoteObservation { [weak self] in self?.batchObservers[key] = nil }
    }

    func notify(_ change: NoteChange, origin: NoteChangeOrigin?) {
        notify([change], origin: origin)
    }

    /// Tells every observer of `changes`, made or found together: each
    /// `observe` handler one at a time, each `observeTogether` handler once.
    func notify(_ changes: [NoteChange], origin: NoteChangeOrigin?) {
        guard !changes.isEmpty else { return }
        listMemo.forget()
        for change in changes {
            for handler in observers.values { handler(change, origin) }
        }
        for handler in batchObservers.values { handler(changes, origin) }
    }

    /// Runs `write` with a longer wait for other writers: for an action a person
    /// asked for (trash, restore, delete), which should not fail on a brief lock.
    @discardableResult
    public func waitingLonger<Result>(_ write: () throws -> Result) rethrows -> Result {
        database.busyTimeoutMilliseconds = 1_000
        defer { database.busyTimeoutMilliseconds = NoteStore.writeWaitMilliseconds }
        return try write()
    }

    /// Makes a new note and stores it; `id` lets a caller name it beforehand
    /// (an editor whose unsaved text is kept in a draft under that name).
    /// `category` files it there (`NoteCategory.normalized` first).
    @discardableResult
    public func createNote(
        id: UUID = UUID(), body: String = "", at date: Date = Date(), category: String = "", origin: NoteChangeOrigin? = nil
    ) throws -> Note {
        let note = Note(id: id, body: body, createdAt: date, modifiedAt: date, revision: 1, category: NoteCategory.normalized(category))
        try ownWrite {
            try database.execute(
                """
                INSERT INTO notes (id, body, created_at, modified_at, revision, \(NoteStore.derivedColumns), category)
                VALUES (?, ?, ?, ?, 1, ?, ?, ?, ?)
                """,
                [.text(note.id.uuidString), .text(body), .real(date.timeIntervalSince1970),
                 .real(date.timeIntervalSince1970)] + NoteStore.derivedValues(of: body) + [.text(note.category)])
        }
        notify(.created(note.id), origin: origin)
        return note
    }

    /// The note with `id` (in the trash or not), or nil if there is none.
    public func note(id: UUID) throws -> Note? {
        try database.query(
            "SELECT \(NoteStore.columns) FROM notes WHERE id = ?", [.text(id.uuidString)]
        ).first.flatMap(NoteStore.note(from:))
    }

    /// The revision of the note with `id`, or nil if there is none (without
    /// reading its body).
    public func revision(of id: UUID) throws -> Int64? {
        try database.query("SELECT revision FROM notes WHERE id = ?", [.text(id.uuidString)]).first?.integer(0)
    }

    /// Whether the note with `id` is in the trash (false if there is none).
    public func isInTrash(_ id: UUID) throws -> Bool {
        try database.query("SELECT trashed_at IS NOT NULL FROM notes WHERE id = ?", [.text(id.uuidString)])
            .first?.integer(0) == 1
    }

    /// The identifier of the note edited last (not in the trash), other than
    /// `excluded` (a note on its way to the trash), or nil if there is none;
    /// its text is not read. Of notes edited at the same moment (imported
    /// together), the one the list shows first: ties go by identifier, as the
    /// list orders them. Only the ties are sorted (the index finds the latest
    /// time), however many notes there are.
    public func mostRecentlyModifiedNoteID(excluding excluded: UUID? = nil) throws -> UUID? {
        try database.query("""
            SELECT id FROM notes WHERE trashed_at IS NULL AND id IS NOT ?1 AND modified_at = (
                SELECT modified_at FROM notes WHERE trashed_at IS NULL AND id IS NOT ?1 ORDER BY modified_at DESC LIMIT 1)
            ORDER BY id DESC LIMIT 1
            """, [excluded.map { .text($0.uuidString) } ?? .null]).first?.string(0).flatMap(UUID.init(uuidString:))
    }

    /// Every note not in the trash, most recently edited first.
    public func allNotes() throws -> [Note] {
        try database.query("""
            SELECT \(NoteStore.columns) FROM notes WHERE trashed_at IS NULL
            ORDER BY modified_at DESC
            """).compactMap(NoteStore.note(from:))
    }

    /// Saves `body` as the note's text if the note is still at `revision` (the
    /// one the caller loaded or last saved) and not in the trash. Otherwise
    /// nothing is written, and the outcome says why: the caller keeps its text
    /// and merges it with the current version, or keeps it as a new note.
    public func saveBody(
        of id: UUID, to body: String, over revision: Int64, at date: Date = Date(), origin: NoteChangeOrigin? = nil
    ) throws -> NoteSaveOutcome {
        let (outcome, sequences) = try writeBody(of: id, to: body, over: revision, at: date)
        claim(sequences)
        if case .saved = outcome { notify(.edited(id), origin: origin) }
        return outcome
    }

    /// `saveBody`'s write, telling no one: the outcome and the change sequences it produced.
    func writeBody(of id: UUID, to body: String, over revision: Int64, at date: Date) throws -> (NoteSaveOutcome, ClosedRange<Int64>?) {
        let (saved, sequences) = try sequencedWrite {
            try database.execute("""
                UPDATE notes SET body = ?, modified_at = ?, revision = revision + 1, tasks_done = ?, tasks_total = ?, sort_title = ?
                WHERE id = ? AND revision = ? AND trashed_at IS NULL
                """, [.text(body), .real(date.timeIntervalSince1970)] + NoteStore.derivedValues(of: body)
                    + [.text(id.uuidString), .integer(revision)])
            return database.changedRowCount == 1
        }
        if saved { return (.saved(revision: revision + 1), sequences) }
        guard let current = try note(id: id) else { return (.gone, nil) }
        if try isInTrash(id) { return (.inTrash, nil) }
        return (.conflict(current: current), nil)
    }

    /// Replaces the body of the note with `id`, whatever revision it is at.
    /// Throws `NoteStoreError.noSuchNote` if the note is gone and `.inTrash` if
    /// it is in the trash: nothing is ever written into a trashed note.
    public func updateBody(
        of id: UUID, to body: String, at date: Date = Date(), origin: NoteChangeOrigin? = nil
    ) throws {
        guard let current = try note(id: id) else { throw NoteStoreError.noSuchNote(id) }
        switch try saveBody(of: id, to: body, over: current.revision, at: date, origin: origin) {
        case .saved: return
        case .inTrash: throw NoteStoreError.inTrash(id)
        case .gone: throw NoteStoreError.noSuchNote(id)
        case .conflict: try updateBody(of: id, to: body, at: date, origin: origin)  // saved meanwhile: go again
        }
    }

    static let columns = "id, body, created_at, modified_at, revision, category"

    /// The values of `tasks_done` and `tasks_total` for a note with `body`,
    /// stored with every write of a body.
    /// The columns stored with a body, worked out from it: its checklist
    /// counts and the title the list sorts by (`derivedValues(of:)`).
    static let derivedColumns = "tasks_done, tasks_total, sort_title"

    /// The values of `derivedColumns` for `body`.
    static func derivedValues(of body: String) -> [SQLiteValue] {
        let counts = TaskProgress.counts(in: body)
        return [.integer(Int64(counts.done)), .integer(Int64(counts.total)), .text(Note.sortTitle(ofBody: body))]
    }

    static func note(from row: Row) -> Note? {
        guard let id = row.string(0).flatMap(UUID.init(uuidString:)),
              let body = row.string(1),
              let created = row.real(2), let modified = row.real(3)
        else { return nil }
        return Note(
            id: id, body: body,
            createdAt: Date(timeIntervalSince1970: created),
            modifiedAt: Date(timeIntervalSince1970: modified),
            revision: row.integer(4) ?? 0, category: row.string(5) ?? "")
    }

    // MARK: Other writers

    /// Reports, to this store's observers, what other connections (another
    /// process, another store on the same file) changed since the last call:
    /// `.edited` for a note written or restored, `.movedToTrash`,
    /// `.deletedPermanently`. Cheap when nothing changed: one pragma. Call it
    /// when the file may have changed (the app does when its write-ahead log
    /// changes).
    public func followOtherWriters() throws {
        let version = try dataVersion()
        guard version != seenDataVersion else { return }
        seenDataVersion = version
        listMemo.forget()
        let rows = try database.query(
            "SELECT id, trashed_at IS NOT NULL, change_sequence FROM notes WHERE change_sequence > ? ORDER BY change_sequence",
            [.integer(seenSequence)])
        let deletions = try database.query(
            "SELECT id, change_sequence FROM deleted_notes WHERE change_sequence > ? ORDER BY change_sequence",
            [.integer(seenSequence)])
        var changes: [(sequence: Int64, change: NoteChange)] = []
        for row in rows {
            guard let id = row.string(0).flatMap(UUID.init(uuidString:)), let sequence = row.integer(2) else { continue }
            changes.append((sequence, row.integer(1) == 1 ? .movedToTrash(id) : .edited(id)))
        }
        for row in deletions {
            guard let id = row.string(0).flatMap(UUID.init(uuidString:)), let sequence = row.integer(1) else { continue }
            changes.append((sequence, .deletedPermanently(id)))
        }
        seenSequence = max(seenSequence, changes.map(\.sequence).max() ?? seenSequence)
        let others = changes.sorted { $0.sequence < $1.sequence }.filter { !ownSequences.contains($0.sequence) }
        ownSequences = ownSequences.filter { $0 > seenSequence }
        notify(others.map(\.change), origin: .elsewhere)
    }

    /// Runs `write` in a transaction and notes the change sequences it produced,
    /// so that `followOtherWriters` does not report them as someone else's.
    /// (Inside the transaction no other writer can raise the sequence.)
    func ownWrite<Result>(_ write: () throws -> Result) throws -> Result {
        let (result, sequences) = try sequencedWrite(write)
        claim(sequences)
        return result
    }

    /// Notes change sequences as this store's own writes (not reported by `followOtherWriters`).
    func claim(_ sequences: ClosedRange<Int64>?) {
        if let sequences { ownSequences.formUnion(sequences) }
    }

    /// Runs `write` in a transaction; returns its result and the change
    /// sequences it produced (nil if none).
    func sequencedWrite<Result>(_ write: () throws -> Result) throws -> (Result, ClosedRange<Int64>?) {
        try database.transaction {
            let before = try currentSequence()
            let result = try write()
            let after = try currentSequence()
            return (result, after > before ? (before + 1)...after : nil)
        }
    }

    /// Takes on a write that a `BackgroundNoteSaver` made for this store through
    /// its own connection: its change sequences are this store's own (not
    /// reported as someone else's), and the observers hear of its `changes`
    /// with `origin`.
    func adopt(_ changes: [NoteChange], sequences: ClosedRange<Int64>?, origin: NoteChangeOrigin?) {
        if let sequences, sequences.upperBound > seenSequence { ownSequences.formUnion(sequences) }
        notify(changes, origin: origin)
    }

    private func currentSequence() throws -> Int64 {
        try database.query("SELECT value FROM change_counter").first?.integer(0) ?? 0
    }

    private func dataVersion() throws -> Int64 {
        try database.query("PRAGMA data_version").first?.integer(0) ?? 0
    }
}
