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

    /// The record at `path`, and the locks it holds from a sync cut short.
    init(path: String) {
        self.path = path
        let saved = FileManager.default.contents(atPath: path).flatMap { try? JSONDecoder().decode([[String]].self, from: $0) } ?? []
        held = saved.compactMap { $0.count == 2 ? FileLock(name: $0[1], token: $0[0], madeTheFile: false) : nil }
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
        guard let data = try? JSONEncoder().encode(held.map { [$0.token, $0.name] }) else { return }
        let temporary = path + ".new"
        guard FileManager.default.createFile(atPath: temporary, contents: data, attributes: [.posixPermissions: 0o600]) else { return }
        rename(temporary, path)
    }
}
