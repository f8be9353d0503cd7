import CSQLite
import Glibc
import Synchronization

/// Folds a database's write-ahead log back into the file on a thread of its
/// own, in place of SQLite's automatic checkpoint, which runs inside the
/// commit that crosses the log's limit, on whichever thread committed. A
/// checkpoint syncs the log and the file to disk; while the disk was busy
/// writing other data back, each took up to a quarter of a second, and a
/// first sync of 10,000 notes, whose records are written on the main thread,
/// stalled it 22–38 times over 16.7 ms, up to 396 ms (6 and 17, up to 163
/// ms, with checkpoints here).
///
/// A checkpoint here is passive: it copies what no reader still needs and
/// never waits for a lock; a later commit, with the log still long, asks
/// again. A writer that never pauses could keep the log from starting over,
/// so past `logPagesBeforeCheckpointHere` the commit checkpoints itself, as
/// SQLite would have.
///
/// For a connection whose commits are not synced as they are made
/// (`DatabaseDurability.withinHalfASecond`), the log is synced here too,
/// `logSyncDelay` after a commit (one sync for every commit meanwhile), so a
/// power cut loses no commit older than that.
final class BackgroundCheckpoint: Sendable {
    /// How many pages the log may hold before a checkpoint is asked for (SQLite's own limit).
    static let logPagesBeforeCheckpoint: Int32 = 1_000
    /// How many pages the log may hold before the committing connection checkpoints itself.
    static let logPagesBeforeCheckpointHere: Int32 = 8_000
    /// Where checkpoints run, one at a time.
    static let thread = WorkerThread(name: "checkpoints")

    /// How long after a commit the log is synced (milliseconds), where the connection leaves that to this thread.
    static let logSyncDelay = 400

    private let path: String
    private let openFileKey: String
    private let syncsLog: Bool
    /// Whether a checkpoint is waiting to run, and how long the log was when the last one was asked for.
    private let asked = Mutex((isScheduled: false, logPages: Int32(0)))
    /// Whether a sync of the log is waiting to run.
    private let logSyncScheduled = Mutex(false)

    /// Checkpoints for the database at `path`, open here under `openFileKey`
    /// (`OpenDatabaseFiles`), and, if `syncsLog`, syncs of its log.
    init(path: String, openFileKey: String, syncsLog: Bool) {
        self.path = path
        self.openFileKey = openFileKey
        self.syncsLog = syncsLog
    }

    /// Takes over checkpoints from SQLite for `handle`'s connection: turns its
    /// automatic checkpoints off and asks for one here once the log is long.
    /// `self` must outlive the connection.
    func install(on handle: OpaquePointer) {
        sqlite3_wal_autocheckpoint(handle, 0)
        sqlite3_wal_hook(handle, { context, connection, _, pages in
            guard let context, let connection else { return SQLITE_OK }
            if pages >= BackgroundCheckpoint.logPagesBeforeCheckpointHere {
                _ = sqlite3_wal_checkpoint_v2(connection, nil, SQLITE_CHECKPOINT_PASSIVE, nil, nil)
            } else {
                Unmanaged<BackgroundCheckpoint>.fromOpaque(context).takeUnretainedValue().committed(logPages: pages)
            }
            return SQLITE_OK
        }, Unmanaged.passUnretained(self).toOpaque())
    }

    /// Waits for the checkpoints asked for so far, of every database, to be done.
    static func waitForCheckpoints() {
        thread.sync {}
    }

    /// After a commit, with the log `logPages` long: asks for a checkpoint
    /// once the log is past the limit, and again each time it grew by as much
    /// (a commit while a checkpoint runs keeps the log from starting over, and
    /// a checkpoint after every commit synced the disk thousands of times).
    private func committed(logPages: Int32) {
        if syncsLog, logSyncScheduled.withLock({ scheduled in defer { scheduled = true }; return !scheduled }) {
            BackgroundCheckpoint.thread.async(afterMilliseconds: BackgroundCheckpoint.logSyncDelay) { self.syncLog() }
        }
        let limit = BackgroundCheckpoint.logPagesBeforeCheckpoint
        let due = asked.withLock { asked in
            if logPages < asked.logPages { asked.logPages = 0 }  // the log started over
            guard logPages >= limit, logPages >= asked.logPages + limit, !asked.isScheduled else { return false }
            asked = (true, logPages)
            return true
        }
        if due { BackgroundCheckpoint.thread.async { self.checkpoint() } }
    }

    /// Syncs the log's data to disk through a descriptor of its own: a sync
    /// reaches every write to the file, whoever made it. (SQLite locks the
    /// database and its shared-memory file, never the log, so closing this
    /// descriptor drops no lock of the connection's.)
    private func syncLog() {
        logSyncScheduled.withLock { $0 = false }
        let log = open(path + "-wal", O_RDONLY | O_CLOEXEC)
        guard log >= 0 else { return }
        fdatasync(log)
        close(log)
    }

    private func checkpoint() {
        asked.withLock { $0.isScheduled = false }
        // Only while a connection of this process has the file open: a file no
        // connection holds may be being checked through a descriptor of its own.
        guard OpenDatabaseFiles.openedIfOpen(openFileKey) else { return }
        defer { OpenDatabaseFiles.closed(openFileKey) }
        guard let handle = try? Database.openHandle(path, flags: SQLITE_OPEN_READWRITE) else { return }
        defer { sqlite3_close_v2(handle) }
        // A read first: a connection finds the file in WAL mode, and opens its log, only when it reads.
        guard sqlite3_exec(handle, "SELECT count(*) FROM sqlite_schema", nil, nil, nil) == SQLITE_OK else { return }
        _ = sqlite3_wal_checkpoint_v2(handle, nil, SQLITE_CHECKPOINT_PASSIVE, nil, nil)
    }
}
