import FoundationEssentials
import Glibc
import Storage

/// The saved scene sessions (`scenes.sqlite` in the app's state folder):
/// each session's configuration, user info, activation conditions, last
/// restoration activity and stacking order, and what its last launches left
/// behind (a clean exit, how far restoring it got); discards not yet
/// delivered; sessions the crash-loop guard kept aside; launch settings.
final class SessionStore {
    static let fileName = "scenes.sqlite"
    let path: String
    private var database: Database
    /// Whether the sessions are kept in memory until `createFile()` makes the
    /// file (a first launch, whose first frame does not wait for it).
    private(set) var isInMemory: Bool

    /// Closes the file (the app is ending); later writes fail and are logged.
    func close() { database.close() }

    init(path: String) throws {
        self.path = path
        database = try Database(path: path, schema: SessionStore.schema)
        database.busyTimeoutMilliseconds = SessionStore.writeWaitMilliseconds
        isInMemory = false
    }

    /// A store for `path` kept in memory until `createFile()`; nil if a file
    /// is there already, or might not be made (then open it at once, and hear
    /// what is wrong now rather than later).
    init?(beforeFileAt path: String) {
        guard Database.canCreateLater(at: path), let memory = try? Database(inMemory: SessionStore.schema) else { return nil }
        self.path = path
        database = memory
        isInMemory = true
    }

    /// Makes the file (or opens the one another process made meanwhile) and
    /// moves into it everything saved so far; the store goes on in the file.
    /// On failure it stays in memory, and the error says why.
    func createFile() throws {
        guard isInMemory else { return }
        let file = try Database(path: path, schema: SessionStore.schema)
        file.busyTimeoutMilliseconds = SessionStore.writeWaitMilliseconds
        try file.insertRows(of: database)
        database.close()
        database = file
        isInMemory = false
    }

    /// How long a write waits for another process's: these writes are small,
    /// so a short wait covers another instance; longer would freeze the windows.
    static let writeWaitMilliseconds: Int32 = 250

    /// What opening found and dealt with (a damaged log kept aside).
    var openingNotices: [DatabaseNotice] { database.openingNotices }

    /// Opens the store at `path`. A damaged file (this app's, but unreadable) is
    /// moved aside, never deleted, and a fresh one made; `movedAside` then says
    /// where it went. Any other trouble (a newer version's file, another
    /// program's, no permission, a full disk) is thrown and the file left as it is.
    static func openMovingAsideUnreadable(path: String) throws -> (store: SessionStore, movedAside: String?) {
        do {
            return (try SessionStore(path: path), nil)
        } catch let error as StorageError where error.kind == .damaged {
            let stamp = Int(Date().timeIntervalSince1970)
            let aside = "\(path).unreadable-\(stamp)"
            for suffix in ["", "-wal", "-shm"] where FileManager.default.fileExists(atPath: path + suffix) {
                guard rename(path + suffix, aside + suffix) == 0 else {
                    throw StorageError.fileSystem(
                        operation: "move the unreadable file aside:", path: path + suffix, errno: errno,
                        message: String(cString: strerror(errno)))
                }
            }
            return (try SessionStore(path: path), aside)
        }
    }

    /// The mark in the header of every session store ("QUSC").
    static let applicationID: Int32 = 0x5155_5343

    /// The session store: marked, built by every migration; a file from before
    /// the mark is recognised by its `sessions` and `pending_discards` tables.
    static let schema = DatabaseSchema(
        applicationID: applicationID, migrations: migrations, unmarkedTables: [
            "sessions": ["id", "role", "configuration", "restoration_activity", "stacking"],
            "pending_discards": ["id", "role", "configuration"],
        ])

    private static let migrations = [
        Migration(version: 1, sql: """
            CREATE TABLE sessions (
                id TEXT PRIMARY KEY NOT NULL,
                role TEXT NOT NULL,
                configuration TEXT NOT NULL,
                user_info BLOB,
                activation_conditions BLOB,
                restoration_activity BLOB,
                stacking INTEGER NOT NULL DEFAULT 0
            );
            CREATE TABLE pending_discards (
                id TEXT PRIMARY KEY NOT NULL,
                role TEXT NOT NULL,
                configuration TEXT NOT NULL
            );
            CREATE TABLE set_aside_activities (
                id TEXT NOT NULL,
                configuration TEXT NOT NULL,
                restoration_activity BLOB,
                set_aside_at REAL NOT NULL
            );
            CREATE TABLE launch_state (key TEXT PRIMARY KEY NOT NULL, value INTEGER NOT NULL);
            """),
        // Launch bookkeeping per session rather than per store, so that two
        // processes on one store, and a crash while restoring one window, are
        // told apart: whether the session's last process quit normally, how far
        // its last restoration got, and how many restorations in a row failed.
        // Sessions kept aside keep everything needed to reopen them.
        Migration(version: 2, sql: """
            ALTER TABLE sessions ADD COLUMN ended_cleanly INTEGER NOT NULL DEFAULT 1;
            ALTER TABLE sessions ADD COLUMN restore_phase TEXT;
            ALTER TABLE sessions ADD COLUMN restore_launch TEXT;
            ALTER TABLE sessions ADD COLUMN failed_restorations INTEGER NOT NULL DEFAULT 0;
            UPDATE sessions SET ended_cleanly = (SELECT value != 0 FROM launch_state WHERE key = 'clean_exit')
                WHERE EXISTS (SELECT 1 FROM launch_state WHERE key = 'clean_exit');
            DELETE FROM launch_state WHERE key IN ('clean_exit', 'unfinished_restorations');
            ALTER TABLE set_aside_activities ADD COLUMN role TEXT;
            ALTER TABLE set_aside_activities ADD COLUMN user_info BLOB;
            ALTER TABLE set_aside_activities ADD COLUMN activation_conditions BLOB;
            ALTER TABLE set_aside_activities ADD COLUMN reason TEXT;
            """),
    ]

    // MARK: Sessions

    /// Every saved session, back to front, each with its activity's title
    /// (read by SQLite's JSON functions, a few microseconds a row: the Window
    /// menu lists windows still to be restored without decoding their activities).
    func sessions() throws -> [SessionRecord] {
        let activity = "CAST(restoration_activity AS TEXT)"  // a BLOB would be taken as JSONB from SQLite 3.45
        return try database.query("""
            SELECT id, role, configuration, user_info, activation_conditions, restoration_activity, stacking,
                   ended_cleanly, restore_phase, restore_launch, failed_restorations,
                   CASE WHEN json_valid(\(activity)) THEN json_extract(\(activity), '\(UserActivityCodec.titlePath)') END
            FROM sessions ORDER BY stacking, rowid
            """).map { row in
            SessionRecord(
                identifier: row.string(0) ?? "", role: row.string(1) ?? "", configurationName: row.string(2) ?? "",
                userInfo: row.data(3), activationConditions: row.data(4), restorationActivity: row.data(5),
                activityTitle: row.string(11), stacking: row.integer(6) ?? 0, endedCleanly: row.integer(7) != 0,
                restorePhase: row.string(8), restoreLaunch: row.string(9), failedRestorations: row.integer(10) ?? 0)
        }
    }

    /// Saves a session's details (not its activity), creating its row if needed;
    /// a new row is a session this process runs (not ended cleanly).
    func save(_ record: SessionRecord) throws {
        try database.execute("""
            INSERT INTO sessions (id, role, configuration, user_info, activation_conditions, stacking, ended_cleanly)
            VALUES (?, ?, ?, ?, ?, ?, 0)
            ON CONFLICT (id) DO UPDATE SET user_info = excluded.user_info,
                activation_conditions = excluded.activation_conditions, stacking = excluded.stacking
            """, [.text(record.identifier), .text(record.role), .text(record.configurationName),
                  record.userInfo.map(SQLiteValue.blob) ?? .null,
                  record.activationConditions.map(SQLiteValue.blob) ?? .null, .integer(record.stacking)])
    }

    /// Replaces a session's saved restoration activity.
    func saveActivity(_ activity: Data?, forSession identifier: String) throws {
        try database.execute(
            "UPDATE sessions SET restoration_activity = ? WHERE id = ?",
            [activity.map(SQLiteValue.blob) ?? .null, .text(identifier)])
    }

    // MARK: Restoring

    /// Records the launch's verdict on the sessions a previous launch left
    /// (their failure counts), and that `launch` now restores `identifiers`:
    /// each is running (not ended cleanly) and settling, in one transaction.
    func beginRestoring(_ identifiers: [String], launch: String, failures: [String: Int64]) throws {
        try database.transaction {
            for identifier in identifiers {
                try database.execute("""
                    UPDATE sessions SET ended_cleanly = 0, restore_phase = 'settling', restore_launch = ?,
                        failed_restorations = ? WHERE id = ?
                    """, [.text(launch), .integer(failures[identifier] ?? 0), .text(identifier)])
            }
        }
    }

    /// Marks the one session whose scene is being connected right now (or, with
    /// `connecting` false, that its connection returned).
    func setConnecting(_ connecting: Bool, session identifier: String) throws {
        try database.execute(
            "UPDATE sessions SET restore_phase = ? WHERE id = ?",
            [.text(connecting ? "connecting" : "settling"), .text(identifier)])
    }

    /// The session's window came back and settled: its restoration succeeded.
    func settled(_ identifier: String) throws {
        try database.execute(
            "UPDATE sessions SET restore_phase = NULL, failed_restorations = 0 WHERE id = ?", [.text(identifier)])
    }

    /// The process quits normally: its sessions ended cleanly, and a clean exit
    /// is no failure to restore them.
    func endCleanly(_ identifiers: [String]) throws {
        try database.transaction {
            for identifier in identifiers {
                try database.execute("""
                    UPDATE sessions SET ended_cleanly = 1, restore_phase = NULL, failed_restorations = 0 WHERE id = ?
                    """, [.text(identifier)])
            }
        }
    }

    // MARK: Discards

    /// Deletes a session and records its discard as pending, in one transaction,
    /// so a crash leaves either the session or the pending discard.
    func recordDiscard(of record: SessionRecord) throws {
        try database.transaction {
            try database.execute("DELETE FROM sessions WHERE id = ?", [.text(record.identifier)])
            try database.execute(
                "INSERT OR REPLACE INTO pending_discards (id, role, configuration) VALUES (?, ?, ?)",
                [.text(record.identifier), .text(record.role), .text(record.configurationName)])
        }
    }

    /// Discards recorded but not yet delivered.
    func pendingDiscards() throws -> [SessionRecord] {
        try database.query("SELECT id, role, configuration FROM pending_discards ORDER BY rowid").map { row in
            SessionRecord(
                identifier: row.string(0) ?? "", role: row.string(1) ?? "", configurationName: row.string(2) ?? "",
                stacking: 0)
        }
    }

    /// Marks a pending discard delivered. Called just before the delegate hears
    /// of it, so a discard is never delivered twice.
    func discardDelivered(_ identifier: String) throws {
        try database.execute("DELETE FROM pending_discards WHERE id = ?", [.text(identifier)])
    }

    // MARK: Set aside

    /// Keeps a session's saved state aside (the crash-loop guard, or a row that
    /// cannot be trusted) and records its discard, in one transaction.
    func setAside(_ record: SessionRecord, reason: String) throws {
        try database.transaction {
            try database.execute("""
                INSERT INTO set_aside_activities (id, configuration, restoration_activity, set_aside_at,
                    role, user_info, activation_conditions, reason)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """, [.text(record.identifier), .text(record.configurationName),
                      record.restorationActivity.map(SQLiteValue.blob) ?? .null, .real(Date().timeIntervalSince1970),
                      .text(record.role), record.userInfo.map(SQLiteValue.blob) ?? .null,
                      record.activationConditions.map(SQLiteValue.blob) ?? .null, .text(reason)])
            try recordDiscard(of: record)
        }
    }

    /// The sessions kept aside, newest first: identifier, configuration, activity, when.
    func setAsideSessions() throws -> [(identifier: String, configuration: String, activity: Data?, date: Date)] {
        try database.query(
            "SELECT id, configuration, restoration_activity, set_aside_at FROM set_aside_activities ORDER BY set_aside_at DESC, rowid DESC"
        ).map { row in
            (row.string(0) ?? "", row.string(1) ?? "", row.data(2), Date(timeIntervalSince1970: row.real(3) ?? 0))
        }
    }

    /// Forgets a session kept aside (it was reopened).
    func removeSetAside(_ identifier: String) throws {
        try database.execute("DELETE FROM set_aside_activities WHERE id = ?", [.text(identifier)])
    }

    /// How many sessions are kept aside.
    func setAsideActivityCount() throws -> Int64 {
        try database.query("SELECT count(*) FROM set_aside_activities").first?.integer(0) ?? 0
    }

    // MARK: Launch state

    /// A number kept between launches (0 if never set).
    func launchValue(_ key: String) throws -> Int64 {
        try database.query("SELECT value FROM launch_state WHERE key = ?", [.text(key)]).first?.integer(0) ?? 0
    }

    /// Sets a number kept between launches.
    func setLaunchValue(_ key: String, _ value: Int64) throws {
        try database.execute(
            "INSERT INTO launch_state (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
            [.text(key), .integer(value)])
    }
}
