import CSQLite
import FoundationEssentials
import Glibc

/// One connection to an SQLite database file.
///
/// Opening a database creates its folder (0700) and, if missing, its file
/// (0600), made whole before it has its name (`NewDatabaseFile`). Before
/// SQLite writes anything to a file that was there, opening makes sure it
/// is this kind's (`DatabaseSchema`): another program's database, or one a
/// newer version wrote, is refused with a `StorageError` and left
/// byte-for-byte as it was (once a transaction a killed process left
/// unfinished is rolled back, as any SQLite program would). A damaged
/// write-ahead log is copied aside first (`openingNotices`). Then the
/// connection switches to WAL mode with a busy timeout and applies the
/// migrations the file lacks.
///
/// Durability: a committed change survives the app crashing or being killed
/// at any moment, and the file is never left inconsistent, even by a power
/// cut. When a commit is on disk, so that a power cut keeps it too, is the
/// connection's `DatabaseDurability`: at once (a connection off the windows'
/// thread), or within half a second, synced on a thread of its own so that
/// the windows never wait for the disk. Checkpoints, which sync the log and
/// the file, run on that thread too (`BackgroundCheckpoint`).
///
/// A connection is used from one thread at a time; give each thread its own.
public final class Database {
    /// The database file.
    public let path: String
    let handle: OpaquePointer
    private var statements: [String: Statement] = [:]
    private var isClosed = false
    /// The key under which this connection counts in `OpenDatabaseFiles` (nil for a read-only look).
    private var openFileKey: String?
    /// Checkpoints the log off this connection's thread (nil for a read-only look).
    private var checkpoints: BackgroundCheckpoint?
    /// What opening found and dealt with that a person should hear of.
    public private(set) var openingNotices: [DatabaseNotice] = []

    /// How long a write waits for another connection's write to finish, by default.
    public static let defaultBusyTimeoutMilliseconds: Int32 = 5_000

    /// How long a write waits for another connection's write before failing
    /// with a `.busy` error; changeable at any time.
    public var busyTimeoutMilliseconds: Int32 {
        didSet { sqlite3_busy_timeout(handle, busyTimeoutMilliseconds) }
    }

    /// Opens (creating if missing) the database of `schema` at `path` and
    /// brings it up to the schema's last migration; its commits reach the
    /// disk as `durability` says.
    public init(
        path: String,
        schema: DatabaseSchema,
        busyTimeoutMilliseconds: Int32 = Database.defaultBusyTimeoutMilliseconds,
        durability: DatabaseDurability = .withinHalfASecond
    ) throws {
        self.path = path
        try PrivateFiles.createDirectory(FilePaths.parent(of: path))
        let isNew = try NewDatabaseFile.makeIfMissing(path, schema: schema)
        try Database.checkWritable(path)
        var notices: [DatabaseNotice] = []
        let key = OpenDatabaseFiles.key(path)
        // A file this process has open was checked then; reading it again through
        // a descriptor of its own would drop that connection's locks (see OpenDatabaseFiles).
        if !isNew && !OpenDatabaseFiles.isOpen(key) {
            try InterruptedTransactionRecovery.rollBackIfLeft(databasePath: path, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
            if let notice = try DamagedLogKeeper.keepAsideIfDamaged(databasePath: path) { notices.append(notice) }
            try Database.checkIdentity(of: path, against: schema)
        }
        handle = try Database.openHandle(path, flags: SQLITE_OPEN_READWRITE)
        OpenDatabaseFiles.opened(key)
        openFileKey = key
        self.busyTimeoutMilliseconds = busyTimeoutMilliseconds
        sqlite3_busy_timeout(handle, busyTimeoutMilliseconds)
        openingNotices = notices
        try prepareForUse(schema: schema, durability: durability)
        let checkpoints = BackgroundCheckpoint(path: path, openFileKey: key, syncsLog: durability == .withinHalfASecond)
        checkpoints.install(on: handle)
        self.checkpoints = checkpoints
    }

    /// A database of `schema` in this process's memory only, migrated as a file
    /// would be: for what is to be written to a file later
    /// (`insertRows(of:)`), when making the file now would hold up something
    /// more urgent. Nothing of it reaches the disk.
    public init(inMemory schema: DatabaseSchema) throws {
        path = ":memory:"
        handle = try Database.openHandle(path, flags: SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)
        busyTimeoutMilliseconds = Database.defaultBusyTimeoutMilliseconds
        try execute("PRAGMA foreign_keys = ON")
        try migrate(to: schema)
    }

    /// Whether a database can be made at `path` later without a word: none is
    /// there yet (nor a log of one), and its folder, created now (0700) if
    /// missing, may be written. False says: open it now, to find out what is there or what fails.
    public static func canCreateLater(at path: String) -> Bool {
        let folder = FilePaths.parent(of: path)
        guard (try? PrivateFiles.createDirectory(folder)) != nil, access(folder, W_OK) == 0 else { return false }
        return ["", "-wal", "-journal"].allSatisfy { !NewDatabaseFile.exists(path + $0) }
    }

    /// Throws a permission error if this user may not write the file or create
    /// files beside it (the log). SQLite would open such a file read-only without
    /// a word, and leave side files behind; nothing is opened here.
    private static func checkWritable(_ path: String) throws {
        let folder = FilePaths.parent(of: path)
        for (target, what) in [(path, "the file may only be read"), (folder, "its folder may not be written")]
        where access(target, W_OK) != 0 {
            throw StorageError.fileSystem(
                operation: "open for writing", path: path, errno: EACCES,
                message: "\(what) (check the permissions)")
        }
    }

    /// A connection that makes the new, empty file at `path` what a file of
    /// `schema` is (WAL mode, every migration) with nothing synced: for
    /// `NewDatabaseFile`, which syncs the file once made and only then gives
    /// it its name.
    init(makingUnsynced path: String, schema: DatabaseSchema) throws {
        self.path = path
        handle = try Database.openHandle(path, flags: SQLITE_OPEN_READWRITE)
        busyTimeoutMilliseconds = Database.defaultBusyTimeoutMilliseconds
        try execute("PRAGMA synchronous = OFF")
        try execute("PRAGMA journal_mode = WAL")
        try execute("PRAGMA foreign_keys = ON")
        try migrate(to: schema)
    }

    /// A read-only connection, for looking at a file before deciding to use it.
    /// It runs no pragma and no migration, and writes nothing.
    init(readOnlyPath path: String) throws {
        self.path = path
        handle = try Database.openHandle(path, flags: SQLITE_OPEN_READONLY)
        busyTimeoutMilliseconds = Database.defaultBusyTimeoutMilliseconds
        sqlite3_busy_timeout(handle, busyTimeoutMilliseconds)
    }

    static func openHandle(_ path: String, flags: Int32) throws -> OpaquePointer {
        var opened: OpaquePointer?
        let code = sqlite3_open_v2(path, &opened, flags | SQLITE_OPEN_NOFOLLOW, nil)
        guard code == SQLITE_OK, let opened else {
            let message = opened.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            let systemErrno = opened.map { sqlite3_system_errno($0) } ?? 0
            sqlite3_close_v2(opened)
            throw StorageError.sqlite(
                operation: "open the database", path: path, code: code, message: message, systemErrno: systemErrno)
        }
        sqlite3_extended_result_codes(opened, 1)
        return opened
    }

    deinit { close() }

    /// Closes the connection. The last connection to close folds the
    /// write-ahead log into the file and removes it, so the next launch has no
    /// log to replay. Later calls fail with a "closed" error.
    public func close() {
        guard !isClosed else { return }
        isClosed = true
        statements.removeAll()
        // A checkpoint under way holds a connection: the last one to close must be this.
        if checkpoints != nil { BackgroundCheckpoint.waitForCheckpoints() }
        sqlite3_close_v2(handle)
        if let openFileKey { OpenDatabaseFiles.closed(openFileKey) }
    }

    /// Runs one statement with `values` bound to its `?` parameters.
    public func execute(_ sql: String, _ values: [SQLiteValue] = []) throws {
        _ = try query(sql, values)
    }

    /// Runs one statement with `values` bound to its `?` parameters and returns its rows.
    public func query(_ sql: String, _ values: [SQLiteValue] = []) throws -> [Row] {
        try statement(for: sql).run(values)
    }

    /// Runs `body` in a write transaction (`BEGIN IMMEDIATE`, so it waits for other
    /// writers up front instead of failing half-way), committing if it returns and
    /// rolling back if it throws. Inside another transaction, `body` joins it.
    public func transaction<Result>(_ body: () throws -> Result) throws -> Result {
        guard isAutocommit else { return try body() }
        try execute("BEGIN IMMEDIATE")
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    /// The schema version recorded in the file (`PRAGMA user_version`).
    public func userVersion() throws -> Int32 {
        Int32(truncatingIfNeeded: try query("PRAGMA user_version").first?.integer(0) ?? 0)
    }

    /// The rowid of the last row this connection inserted.
    public var lastInsertedRowID: Int64 { sqlite3_last_insert_rowid(handle) }

    /// How many rows the last INSERT, UPDATE or DELETE changed.
    public var changedRowCount: Int { Int(sqlite3_changes(handle)) }

    /// How many rows every INSERT, UPDATE and DELETE on this connection has
    /// changed since it opened: it moves with each write the connection makes
    /// (not with other connections'), and reading it asks nothing of the file.
    public var totalChangedRowCount: Int64 { sqlite3_total_changes64(handle) }

    private var isAutocommit: Bool { sqlite3_get_autocommit(handle) != 0 }

    private func statement(for sql: String) throws -> Statement {
        if let cached = statements[sql] { return cached }
        guard !isClosed else {
            throw StorageError.sqlite(
                operation: Database.describe(sql), path: path, code: SQLITE_MISUSE, message: "the database was closed")
        }
        let statement = try Statement(database: self, sql: sql)
        statements[sql] = statement
        return statement
    }

    /// Reads the version first (reading writes nothing, so a refused file stays
    /// untouched), then turns on WAL, migrates, and marks the file as this kind's.
    private func prepareForUse(schema: DatabaseSchema, durability: DatabaseDurability) throws {
        let found = try userVersion()
        guard found <= schema.newestVersion else {
            throw StorageError.newerSchema(path: path, found: found, supported: schema.newestVersion)
        }
        // SQLite opens a file it may not write read-only, without an error: say so
        // now, for what it is, rather than fail later at the first write.
        if sqlite3_db_readonly(handle, "main") == 1 {
            throw StorageError.sqlite(
                operation: "open the database for writing", path: path, code: SQLITE_READONLY,
                message: "the file may only be read (check its permissions)", systemErrno: EACCES)
        }
        let mode = try query("PRAGMA journal_mode = WAL").first?.string(0)
        guard mode == "wal" else {
            throw StorageError.sqlite(
                operation: "switch to WAL mode", path: path, code: SQLITE_ERROR,
                message: "the journal mode stayed \(mode ?? "unknown")")
        }
        try execute(durability == .everyCommit ? "PRAGMA synchronous = FULL" : "PRAGMA synchronous = NORMAL")
        try execute("PRAGMA foreign_keys = ON")
        try migrate(to: schema)
    }

    /// The file's mark (`PRAGMA application_id`).
    func applicationID() throws -> Int32 {
        Int32(truncatingIfNeeded: try query("PRAGMA application_id").first?.integer(0) ?? 0)
    }

    /// Applies the steps the file lacks and puts the schema's mark on it, in one
    /// transaction: a file is made, or brought up to date, whole or not at
    /// all (a power cut cannot leave it part made), with one commit to sync.
    /// The write lock is taken only when something is due, so opening an
    /// up-to-date file never waits for other writers.
    private func migrate(to schema: DatabaseSchema) throws {
        let mark = schema.applicationID
        guard try userVersion() < schema.newestVersion || applicationID() != mark else { return }
        try transaction {
            // Another process may have migrated while this one waited for the lock.
            let current = try userVersion()
            for migration in schema.migrations.sorted(by: { $0.version < $1.version }) where migration.version > current {
                try executeScript(migration.sql, operation: "apply schema version \(migration.version)")
                // PRAGMA takes no parameters; the version is a number from code, not input.
                try execute("PRAGMA user_version = \(migration.version)")
            }
            // Nor the mark: a number from code.
            if try applicationID() != mark { try execute("PRAGMA application_id = \(mark)") }
        }
    }

    /// Runs several `;`-separated statements that take no values (schema changes).
    private func executeScript(_ sql: String, operation: String) throws {
        var message: UnsafeMutablePointer<CChar>?
        let code = sqlite3_exec(handle, sql, nil, nil, &message)
        guard code == SQLITE_OK else {
            let text = message.map { String(cString: $0) } ?? String(cString: sqlite3_errstr(code))
            sqlite3_free(message)
            throw StorageError.sqlite(operation: operation, path: path, code: code, message: text)
        }
    }

    /// A `StorageError` for a failed call on this connection.
    func error(_ code: Int32, operation: String) -> StorageError {
        .sqlite(operation: operation, path: path, code: code, message: String(cString: sqlite3_errmsg(handle)),
                systemErrno: sqlite3_system_errno(handle))
    }

    /// A short description of `sql` for error messages: "run “SELECT id FROM notes …”".
    static func describe(_ sql: String) -> String {
        let words = sql.split(whereSeparator: \.isWhitespace)
        let head = words.prefix(6).joined(separator: " ")
        return "run “\(head)\(words.count > 6 ? " …" : "")”"
    }
}
