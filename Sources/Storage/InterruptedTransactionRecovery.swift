import CSQLite
import FoundationEssentials

/// Rolls back a transaction a killed process left half-written through a
/// rollback journal, before anything else looks at the file.
///
/// A database in WAL mode writes no rollback journal, except for the moment a
/// new file is switched to WAL. A process killed in that moment leaves a "hot"
/// journal beside the file: the file's pages are half-changed, and only the
/// journal can put them back. SQLite does so at the first read, but only on a
/// connection that may write; a read-only look fails ("attempt to write a
/// readonly database", `SQLITE_READONLY_ROLLBACK`) and the header read as plain
/// bytes may describe pages the file does not have yet. So a file with a
/// journal is first read through a read-write connection, which restores it
/// to its last committed state, as any SQLite program opening it would; what
/// was committed is not changed.
enum InterruptedTransactionRecovery {
    /// Lets SQLite roll back the journal beside `databasePath`, if there is one.
    /// A file that is not a database is left for the identity check to refuse.
    static func rollBackIfLeft(databasePath path: String, busyTimeoutMilliseconds: Int32) throws {
        let journal = path + "-journal"
        let size = FileBytes.size(of: journal)
        guard size > 0 else { return }
        let handle = try Database.openHandle(path, flags: SQLITE_OPEN_READWRITE)
        defer { sqlite3_close_v2(handle) }
        sqlite3_busy_timeout(handle, busyTimeoutMilliseconds)
        // The first read takes a shared lock, and with it SQLite replays a hot journal.
        let code = sqlite3_exec(handle, "SELECT count(*) FROM sqlite_master", nil, nil, nil)
        guard code == SQLITE_OK || code & 0xFF == SQLITE_NOTADB else {
            throw StorageError.sqlite(
                operation: "roll back the unfinished transaction in", path: path, code: code,
                message: String(cString: sqlite3_errmsg(handle)), systemErrno: sqlite3_system_errno(handle))
        }
    }
}
