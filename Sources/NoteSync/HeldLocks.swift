import FoundationEssentials
import Glibc
import WebDAV

/// The locks a sync holds on the server's files, kept in a small file beside
/// the notes from the moment each is granted until it is let go of: a sync
/// cut short (killed, its computer off) leaves them there, and the next lets
/// go of them, where the files would otherwise stay locked until the server's
/// timeout. Written by one sync at a time (`SyncLock`), away from the notes
/// database, whose writer may be busy with the sync's own records.
@MainActor
final class HeldLocks {
    private let path: String
    private var held: [FileLock]
    /// The record's mark of a lock that made its file.
    private static let madeTheFile = "made"

    /// The record at `path`, and the locks it holds from a sync cut short.
    init(path: String) {
        self.path = path
        let saved = FileManager.default.contents(atPath: path).flatMap { try? JSONDecoder().decode([[String]].self, from: $0) } ?? []
        // [token, name], and "made" after them where the lock made its file.
        held = saved.compactMap { entry in
            guard entry.count == 2 || entry.count == 3 else { return nil }
            return FileLock(name: entry[1], token: entry[0], madeTheFile: entry.count == 3 && entry[2] == HeldLocks.madeTheFile)
        }
    }

    /// The locks held, oldest first.
    var locks: [FileLock] { held }

    /// Records `lock` as held.
    func add(_ lock: FileLock) {
        held.append(lock)
        save()
    }

    /// Records `lock` as let go of (or gone).
    func remove(_ lock: FileLock) {
        held.removeAll { $0.token == lock.token }
        save()
    }

    /// Writes the record whole, then renames it into place (no file when none is held).
    private func save() {
        guard !held.isEmpty else {
            unlink(path)
            return
        }
        let entries = held.map { [$0.token, $0.name] + ($0.madeTheFile ? [HeldLocks.madeTheFile] : []) }
        guard let data = try? JSONEncoder().encode(entries) else { return }
        let temporary = path + ".new"
        guard FileManager.default.createFile(atPath: temporary, contents: data, attributes: [.posixPermissions: 0o600]) else { return }
        rename(temporary, path)
    }
}
