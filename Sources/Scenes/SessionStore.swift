import Foundation
import Storage

/// The saved scene sessions (`scenes.sqlite` in the app's state folder):
/// each session's configuration, user info, activation conditions, last
/// restoration activity and stacking order; discards not yet delivered; and
/// what the last launches left behind (clean exit, unfinished restorations).
final class SessionStore {
    static let fileName = "scenes.sqlite"
    let path: String
    private let database: Database

    /// Closes the file (the app is ending); later writes fail and are logged.
    func close() { database.close() }

    init(path: String) throws {
        self.path = path
        database = try Database(path: path, schema: SessionStore.schema)
    }

    /// Opens the store at `path`. A file that cannot be read is moved aside
    /// (never deleted) and a fresh one made; `movedAside` then says where it went.
    static func openMovingAsideUnreadable(path: String) throws -> (store: SessionStore, movedAside: String?) {
        do {
            return (try SessionStore(path: path), nil)
        } catch let error as StorageError where error.sqliteCode != nil || error.isNewerSchema {
            let stamp = Int(Date().timeIntervalSince1970)
            let aside = "\(path).unreadable-\(stamp)"
            for suffix in ["", "-wal", "-shm"] where FileManager.default.fileExists(atPath: path + suffix) {
                try FileManager.default.moveItem(atPath: path + suffix, toPath: aside + suffix)
            }
            return (try SessionStore(path: path), aside)
        }
    }

    /// The mark in the header of every session store ("QUSC").
    static let applicationID: Int32 = 0x5155_5343

    /// The session store: marked, built by every migration; a file from before
    /// the mark is recognised by its `sessions` and `pending_discards` tables.
    static let schema = DatabaseSchema(
        applicationID: applicationID, migrations: migrations, unmarkedTables: ["sessions", "pending_discards"])

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
    ]

    // MARK: Sessions

    /// Every saved session, back to front.
    func sessions() throws -> [SessionRecord] {
        try database.query("""
            SELECT id, role, configuration, user_info, activation_conditions, restoration_activity, stacking
            FROM sessions ORDER BY stacking, rowid
            """).map { row in
            SessionRecord(
                identifier: row.string(0) ?? "", role: row.string(1) ?? "", configurationName: row.string(2) ?? "",
                userInfo: row.data(3), activationConditions: row.data(4), restorationActivity: row.data(5),
                stacking: row.integer(6) ?? 0)
        }
    }

    /// Saves a session's details (not its activity), creating its row if needed.
    func save(_ record: SessionRecord) throws {
        try database.execute("""
            INSERT INTO sessions (id, role, configuration, user_info, activation_conditions, stacking)
            VALUES (?, ?, ?, ?, ?, ?)
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

    /// Forgets a pending discard once it has been delivered.
    func discardDelivered(_ identifier: String) throws {
        try database.execute("DELETE FROM pending_discards WHERE id = ?", [.text(identifier)])
    }

    /// Keeps every session's activity aside for inspection (crash-loop guard)
    /// and records all sessions as discarded.
    func setAsideAndDiscardAll() throws -> [SessionRecord] {
        let all = try sessions()
        try database.transaction {
            for record in all {
                try database.execute(
                    "INSERT INTO set_aside_activities (id, configuration, restoration_activity, set_aside_at) VALUES (?, ?, ?, ?)",
                    [.text(record.identifier), .text(record.configurationName),
                     record.restorationActivity.map(SQLiteValue.blob) ?? .null, .real(Date().timeIntervalSince1970)])
                try recordDiscard(of: record)
            }
        }
        return all
    }

    /// How many activities the crash-loop guard has kept aside.
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
