import Foundation
import Synchronization

/// Puts typing journals on disk off the windows' thread: half a second after
/// a record is written to a journal that had none unsynced, its file and
/// folder are synced on a queue of their own (the records written meanwhile
/// go with it). So a power cut loses no keystroke that reached a journal over
/// half a second before, at the cost of at most two syncs a second while a
/// person types; the windows' thread only ever calls `write()`.
final class TypingJournalSync: Sendable {
    /// The syncs of every journal of this process.
    static let shared = TypingJournalSync()

    /// How long a record may wait for its sync.
    static let delay: DispatchTimeInterval = .milliseconds(500)

    private let queue = DispatchQueue(label: "NoteModel.TypingJournalSync", qos: .utility)
    /// The journal files written to since their last sync.
    private let unsynced = Mutex<Set<String>>([])

    /// The journal at `path` was written to: syncs it soon.
    func wrote(_ path: String) {
        let first = unsynced.withLock { paths in
            defer { paths.insert(path) }
            return paths.isEmpty
        }
        if first { queue.asyncAfter(deadline: .now() + TypingJournalSync.delay) { self.syncAll() } }
    }

    /// Waits for the syncs asked for so far (for tests).
    func waitForSyncs() {
        queue.sync {}
    }

    private func syncAll() {
        let paths = unsynced.withLock { paths in
            defer { paths = [] }
            return paths
        }
        // Through descriptors of their own: a sync reaches every write to the
        // file. The folder too, for a journal just renamed into place.
        for path in paths.union(paths.map { ($0 as NSString).deletingLastPathComponent }) {
            let file = open(path, O_RDONLY | O_CLOEXEC)
            guard file >= 0 else { continue }  // removed since: nothing to keep
            fsync(file)
            close(file)
        }
    }
}
