import FoundationEssentials
import NoteModel
import Storage
import WebDAV

/// The sync folder's writes, each made only over the version this device
/// last saw, in the safest way the server allows (`WriteSafety`):
///
/// - where the server honours preconditions, with `If-Match` and
///   `If-None-Match` (a tag that cannot be used, a weak one or none, is
///   replaced first by the file's strong tag, once its text is checked);
/// - where it ignores them but honours locks (nginx), under an exclusive
///   `LOCK` taken first, inside which the file is read and compared, written
///   and its new version read: no other client can write it meanwhile;
/// - where it honours neither, checked by reading the file right before the
///   write and again right after: a clash seen then is left for the next
///   sync, which keeps both versions. A write landing in the moment between
///   the check and the write cannot be seen; Connect and Preferences say so.
///
/// Every write answers whether it was made; one refused because the file is
/// not what was expected changes nothing here, and the next sync sees why.
@MainActor
final class GuardedFolder {
    /// What a write expects to find on the server.
    enum Expectation {
        /// No file of that name.
        case absent
        /// The file as this device last saw it: its version (nil if not
        /// known) and the fingerprint of its text (`TextFingerprint`).
        case holding(version: String?, hash: String)
    }

    let remote: WebDAVClient
    let safety: WriteSafety
    /// The locks held, on record from the moment each is granted.
    private let held: HeldLocks
    /// Whether the last write, move or removal that was not made was refused
    /// because another client held a lock on the file (it is being written),
    /// rather than because the file was not as expected.
    private(set) var lastRefusalWasLock = false
    /// Where a write waits out the second in which Apache gives a weak tag:
    /// a thread's timer, not a task's sleep, which would start libdispatch's pool.
    private static let timer = WorkerThread(name: "sync waits")

    init(remote: WebDAVClient, safety: WriteSafety, held: HeldLocks) {
        self.remote = remote
        self.safety = safety
        self.held = held
    }

    /// Lets go of the locks a sync cut short left held. A lock that made its
    /// file (a new note's, a rename's new name) and was cut short before the
    /// file was written leaves it empty: it goes with its lock, or every
    /// device would take it in as an empty note. Returns the names of the
    /// files removed, which a listing made before still holds.
    func releaseLeftLocks() async -> Set<String> {
        var removed: Set<String> = []
        for lock in held.locks {
            if lock.madeTheFile, let (data, _) = try? await readIfThere(lock.name), data.isEmpty,
               (try? await remote.delete(lock.name, ifUnchanged: nil, under: lock)) != nil {
                removed.insert(lock.name)
            }
            await unlock(lock)
        }
        return removed
    }

    /// Whether another client is writing the file `name`, on a server whose
    /// writes go under locks: it holds one. Asked by taking a lock and letting
    /// it go at once (on record meanwhile, as every lock is). A lock that made
    /// the file (it went since it was listed) removes it again, and the file
    /// counts as being written: the next sync sees it gone.
    func isBeingWritten(_ name: String) async -> Bool {
        guard safety == .locks else { return false }
        let lock: FileLock
        do {
            lock = try await self.lock(name)
        } catch .locked {
            return true
        } catch {
            return false
        }
        if lock.madeTheFile { _ = try? await remote.delete(name, ifUnchanged: nil, under: lock) }
        await unlock(lock)
        return lock.madeTheFile
    }

    /// Takes an exclusive lock on the file `name`, on record until `unlock`.
    private func lock(_ name: String) async throws(WebDAVError) -> FileLock {
        let lock = try await remote.lock(name)
        held.add(lock)
        return lock
    }

    /// Lets go of `lock` (best effort: a lock not let go of times out).
    private func unlock(_ lock: FileLock) async {
        try? await remote.unlock(lock)
        held.remove(lock)
    }

    /// Writes `data` as the file `name` if it is as `expected`: the file's
    /// new version (nil if the server gives none a listing would show), or
    /// nil if the file was not as expected (or another device was writing it).
    func write(_ data: Data, to name: String, expecting expected: Expectation) async throws(WebDAVError) -> String?? {
        switch safety {
        case .preconditions: try await writeConditionally(data, to: name, expecting: expected)
        case .locks: try await underLock(name, expecting: expected) { lock throws(WebDAVError) -> String?? in
            try await self.remote.write(data, to: name, if: nil, under: lock)
            return .some(try await self.remote.file(name)?.version)
        }
        case .none: try await writeChecked(data, to: name, expecting: expected)
        }
    }

    /// Removes the file `name` if it still holds the text of `hash` at
    /// `version`: false, leaving it, if it changed (or is being written).
    func remove(_ name: String, version: String?, hash: String) async throws(WebDAVError) -> Bool {
        let expected = Expectation.holding(version: version, hash: hash)
        switch safety {
        case .preconditions:
            guard let tag = try await usableTag(name, expected) else { return false }
            return try await GuardedFolder.unlessChanged { () async throws(WebDAVError) in
                try await self.remote.delete(name, ifUnchanged: tag)
            } != nil
        case .locks:
            return try await underLock(name, expecting: expected) { lock throws(WebDAVError) -> String?? in
                try await self.remote.delete(name, ifUnchanged: nil, under: lock)
                return .some(nil)
            } != nil
        case .none:
            guard try await holds(name, expected) else { return false }
            try await remote.delete(name, ifUnchanged: nil)
            return true
        }
    }

    /// Renames the file `name` to `newName` if it still holds the text of
    /// `hash` at `version` and no file has the new name: the file's version
    /// under its new name (nil if not known), or nil if it changed or the
    /// name was taken. The moved file is marked with its old name, where the
    /// server keeps such marks, so that another device sees a rename even
    /// once its text changes too.
    func move(_ name: String, to newName: String, version: String?, hash: String) async throws(WebDAVError) -> String?? {
        let expected = Expectation.holding(version: version, hash: hash)
        let moved: String??
        switch safety {
        case .preconditions:
            guard let tag = try await usableTag(name, expected) else { return nil }
            moved = try await GuardedFolder.unlessChanged { () async throws(WebDAVError) in
                try await self.remote.move(name, to: newName, ifUnchanged: tag)
                return tag  // what a server keeps for a moved file (Apache does)
            }
        case .locks:
            moved = try await underLock(name, expecting: expected) { lock throws(WebDAVError) -> String?? in
                try await self.move(name, to: newName, under: lock)
            }
        case .none:
            guard try await holds(name, expected), try await remote.file(newName) == nil else { return nil }
            try await remote.move(name, to: newName, ifUnchanged: nil)
            moved = .some(nil)
        }
        if moved != nil { _ = try? await remote.markRenamed(newName, from: name) }
        return moved
    }

    // MARK: With preconditions

    private func writeConditionally(_ data: Data, to name: String, expecting expected: Expectation) async throws(WebDAVError)
        -> String??
    {
        guard case let .holding(version, hash) = expected else {
            return try await GuardedFolder.unlessChanged { () async throws(WebDAVError) in
                try await self.remote.write(data, to: name, if: .absent)
            }
        }
        guard let tag = try await usableTag(name, expected) else { return nil }
        if let written = try await GuardedFolder.unlessChanged({ () async throws(WebDAVError) in
            try await self.remote.write(data, to: name, if: .unchanged(etag: tag))
        }) {
            return written
        }
        // Refused: the file may hold the same text under another tag (a
        // moved file the server gave a tag of its own), to be written over that.
        guard tag == version, let fresh = try await strongTag(name, holding: hash), fresh != tag else { return nil }
        return try await GuardedFolder.unlessChanged { () async throws(WebDAVError) in
            try await self.remote.write(data, to: name, if: .unchanged(etag: fresh))
        }
    }

    /// A tag for `If-Match` on the file `name` as `expected`: its version
    /// itself if that is a strong entity tag. A weak tag never matches;
    /// Apache gives one during the second a file changed, and a strong one
    /// after it: so the file is read again after that second, and its strong
    /// tag given if it still holds the expected text. Nil if it changed.
    private func usableTag(_ name: String, _ expected: Expectation) async throws(WebDAVError) -> String? {
        guard case let .holding(version, hash) = expected else { return nil }
        if let version, GuardedFolder.isStrongTag(version) { return version }
        if version.map(GuardedFolder.isWeakTag) == true { await GuardedFolder.timer.sleep(milliseconds: 1_100) }
        return try await strongTag(name, holding: hash)
    }

    /// The file `name`'s strong tag as the server gives it now, if it holds
    /// the text of `hash`; nil if it holds other text, is gone, or its tag is weak.
    private func strongTag(_ name: String, holding hash: String) async throws(WebDAVError) -> String? {
        guard let (data, fresh) = try await readIfThere(name), let fresh, GuardedFolder.isStrongTag(fresh),
              GuardedFolder.fingerprint(data) == hash
        else { return nil }
        return fresh
    }

    /// Whether `version` is an entity tag as a server gives it, strong.
    static func isStrongTag(_ version: String) -> Bool { version.hasPrefix("\"") }

    /// Whether `version` is a weak entity tag.
    static func isWeakTag(_ version: String) -> Bool { version.hasPrefix("W/") }

    // MARK: Under a lock

    /// Locks the file `name`, checks that it is as `expected`, does `work`
    /// (the file's new version, if known; nil if it was not done) and lets
    /// go of the lock: nil, writing nothing, if the file is not as expected
    /// or someone else holds a lock on it.
    private func underLock(
        _ name: String, expecting expected: Expectation, _ work: (FileLock) async throws(WebDAVError) -> String??
    ) async throws(WebDAVError) -> String?? {
        let lock: FileLock
        lastRefusalWasLock = false
        do {
            lock = try await self.lock(name)
        } catch .locked {
            lastRefusalWasLock = true
            return nil  // another device is writing it: the next sync sees what it wrote
        }
        let outcome: Result<String??, WebDAVError>
        do throws(WebDAVError) {
            let asExpected = switch expected {
            case .absent: lock.madeTheFile
            case .holding: lock.madeTheFile ? false : try await holds(name, expected)
            }
            outcome = .success(asExpected ? try await work(lock) : nil)
        } catch {
            outcome = .failure(error)
        }
        if lock.madeTheFile, (try? outcome.get()) == nil {
            try? await remote.delete(name, ifUnchanged: nil, under: lock)  // the empty file the lock made, never written
        }
        await unlock(lock)
        return try outcome.get()
    }

    /// Moves the file `name`, locked with `lock`, to `newName` if no file has
    /// that name: `.some(nil)` once moved, nil if the name is taken. nginx
    /// takes the file's lock alone, and refuses the move if the name is taken
    /// (`Overwrite: F`); rclone refuses a move unless the new name is locked
    /// too, which makes an empty file there, for the move to replace.
    private func move(_ name: String, to newName: String, under lock: FileLock) async throws(WebDAVError) -> String?? {
        if try await GuardedFolder.unlessChanged({ () async throws(WebDAVError) in
            try await self.remote.move(name, to: newName, ifUnchanged: nil, under: [lock])
        }) != nil {
            return .some(nil)
        }
        let target: FileLock
        do {
            target = try await self.lock(newName)
        } catch .locked {
            return nil  // another device is writing a file of that name
        }
        guard target.madeTheFile else {
            await unlock(target)
            return nil  // the name is taken
        }
        let moved: Result<Void?, WebDAVError>
        do {
            moved = .success(try await GuardedFolder.unlessChanged { () async throws(WebDAVError) in
                try await self.remote.move(name, to: newName, ifUnchanged: nil, under: [lock, target], overwriting: true)
            })
        } catch {
            moved = .failure(error)
        }
        if (try? moved.get()) == nil {
            try? await remote.delete(newName, ifUnchanged: nil, under: target)  // the empty file the lock made
        }
        await unlock(target)
        return try moved.get().map { nil }
    }

    // MARK: Checked before and after

    private func writeChecked(_ data: Data, to name: String, expecting expected: Expectation) async throws(WebDAVError) -> String?? {
        guard try await holds(name, expected) else { return nil }
        try await remote.write(data, to: name, if: nil)
        // Read back: another device's write landing just after this one
        // leaves its text there, which the next sync takes in as a clash.
        guard let (back, _) = try await readIfThere(name), back == data else { return nil }
        return .some(try await remote.file(name)?.version)
    }

    /// Whether the file `name` is as `expected` now (read whole and compared).
    private func holds(_ name: String, _ expected: Expectation) async throws(WebDAVError) -> Bool {
        let current = try await readIfThere(name)
        switch expected {
        case .absent: return current == nil
        case let .holding(_, hash): return current.map { GuardedFolder.fingerprint($0.data) == hash } ?? false
        }
    }

    /// The file `name`'s content and tag, or nil if there is none.
    private func readIfThere(_ name: String) async throws(WebDAVError) -> (data: Data, etag: String?)? {
        do {
            return try await remote.read(name, atMost: NoteSynchronizer.largestNote)
        } catch .notFound {
            return nil
        }
    }

    /// The fingerprint of a file's content, as of a note's text.
    static func fingerprint(_ data: Data) -> String { TextFingerprint.of(String(decoding: data, as: UTF8.self)) }

    /// What a conditional `request` gave, or nil if the server held another
    /// version than it expected (412); any other failure is thrown.
    static func unlessChanged<Value>(_ request: () async throws(WebDAVError) -> Value) async throws(WebDAVError) -> Value? {
        do {
            return try await request()
        } catch .preconditionFailed {
            return nil
        }
    }
}
