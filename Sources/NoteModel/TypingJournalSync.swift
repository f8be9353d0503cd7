import FoundationEssentials
import Storage
import Glibc
import Synchronization

/// Puts typing journals on disk off the windows' thread: half a second after
/// a record is written to a journal that had none unsynced, its file and
/// folder are synced on a thread of their own (the records written meanwhile
/// go with it). So a power cut loses no keystroke that reached a journal over
/// half a second before, at the cost of at most two syncs a second while a
/// person types; the windows' thread only ever calls `write()`.
///
/// A journal started again on a new revision of its note, or removed, only
/// takes the old one's place once the notes' own log is on disk (`replace`,
/// `remove`): the windows' thread commits without waiting for the disk, and
/// a journal naming a revision a power cut then lost could not be replayed.
final class TypingJournalSync: Sendable {
    /// The syncs of every journal of this process.
    static let shared = TypingJournalSync()

    /// How long a record may wait for its sync (milliseconds).
    static let delay = 500

    private let thread = WorkerThread(name: "journal syncs")
    /// The journal files written to since their last sync.
    private let unsynced = Mutex<Set<String>>([])

    /// The journal at `path` was written to: syncs it soon.
    func wrote(_ path: String) {
        let first = unsynced.withLock { paths in
            defer { paths.insert(path) }
            return paths.isEmpty
        }
        if first { thread.async(afterMilliseconds: TypingJournalSync.delay) { self.syncAll() } }
    }

    /// Renames the journal written afresh at `fresh` over `path` once the
    /// notes database at `notes` (if any) has its log on disk, and syncs the
    /// journal and its folder. `holding` (closed here after, if not -1) keeps
    /// the lock of the file at `path` until then, so that another Quire's
    /// launch never takes it for a dead process's.
    func replace(_ path: String, with fresh: String, holding: Int32, afterSyncing notes: String?) -> TypingJournalReplacement {
        afterSyncingLog(of: notes, holding: holding) {
            TypingJournalSync.sync(fresh)
            rename(fresh, path)
            TypingJournalSync.sync(FilePaths.parent(of: path))
        }
    }

    /// Removes the journal at `path` once the notes database at `notes` (if
    /// any) has its log on disk: the saves that made it needless are kept.
    /// `holding` is as for `replace`.
    func remove(_ path: String, holding: Int32, afterSyncing notes: String?) -> TypingJournalReplacement {
        afterSyncingLog(of: notes, holding: holding) { unlink(path) }
    }

    /// Makes `change` to a journal's file on this thread once the log of
    /// `notes` is synced, then closes `holding` (if not -1).
    private func afterSyncingLog(of notes: String?, holding: Int32, _ change: @escaping @Sendable () -> Void) -> TypingJournalReplacement {
        let done = TypingJournalReplacement()
        thread.async {
            TypingJournalSync.syncLog(of: notes)
            change()
            if holding >= 0 { close(holding) }
            done.finish()
        }
        return done
    }

    /// Waits for the syncs, replacements and removals asked for so far (the
    /// app is quitting; tests). Syncs not yet due are not waited for.
    func finishPending() {
        thread.sync {}
    }

    /// Holds every replacement and removal until `resume()` (for tests: the
    /// moment before the notes' log is synced, which a power cut may strike).
    func suspend() { thread.suspend() }

    /// Lets what `suspend()` held go on.
    func resume() { thread.resume() }

    private func syncAll() {
        let paths = unsynced.withLock { paths in
            defer { paths = [] }
            return paths
        }
        // Through descriptors of their own: a sync reaches every write to the
        // file. The folder too, for a journal just renamed into place.
        for path in paths.union(paths.map { FilePaths.parent(of: $0) }) {
            TypingJournalSync.sync(path)
        }
    }

    /// Syncs the write-ahead log of the database at `notes`, if it has one (a
    /// database without one has every commit in its file, synced).
    private static func syncLog(of notes: String?) {
        guard let notes else { return }
        sync(notes + "-wal")
    }

    private static func sync(_ path: String) {
        let file = open(path, O_RDONLY | O_CLOEXEC)
        guard file >= 0 else { return }  // removed since: nothing to keep
        fsync(file)
        close(file)
    }
}
