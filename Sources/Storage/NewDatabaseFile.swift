import FoundationEssentials
import Glibc

/// A database file made whole before it has its name.
///
/// SQLite makes a file in place: it syncs the rollback journal, the file and
/// the folder as it switches the new file to WAL mode, then the log and the
/// folder again at the first commit, six syncs a first launch waits for
/// before its first window, each as long as the disk takes. Nothing in a new
/// file is anyone's yet, so none of that needs the disk: the file is made
/// beside its name (`<name>.making`) with nothing synced, synced once, renamed
/// to its name and its folder synced. A power cut leaves no file of that
/// name or the whole one; what it left under the other name is removed by the
/// next making. Processes making a file in the same folder take turns (a lock
/// on the folder), so that none renames over a file another has opened.
enum NewDatabaseFile {
    /// The name a file has while it is made.
    static func makingPath(for path: String) -> String { path + ".making" }

    /// Makes the file of `schema` at `path` unless one is there; returns
    /// whether it made it. A log or journal without its file is left for
    /// SQLite to replay into a new empty file, as before; so is a file system
    /// that takes no locks.
    static func makeIfMissing(_ path: String, schema: DatabaseSchema) throws -> Bool {
        guard !exists(path) else { return false }  // once there, a file is never renamed over
        let folder = FilePaths.parent(of: path)
        let folderDescriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard folderDescriptor >= 0 else {
            throw PrivateFiles.fileSystemError(operation: "open the folder of", path: path)
        }
        defer { close(folderDescriptor) }  // lets go of the lock
        var locked = flock(folderDescriptor, LOCK_EX)
        while locked != 0 && errno == EINTR { locked = flock(folderDescriptor, LOCK_EX) }
        guard locked == 0, !exists(path + "-wal"), !exists(path + "-journal") else {
            return try PrivateFiles.createFileIfMissing(path)
        }
        guard !exists(path) else { return false }  // made while this waited for the lock
        let making = makingPath(for: path)
        removeMaking(making)  // a making cut short: its process held this lock
        do {
            try PrivateFiles.createFileIfMissing(making)
            try Database(makingUnsynced: making, schema: schema).close()
            try sync(making)
            guard rename(making, path) == 0 else { throw PrivateFiles.fileSystemError(operation: "name", path: path) }
        } catch {
            removeMaking(making)
            throw (error as? StorageError)?.about(path) ?? error  // the name a person knows
        }
        fsync(folderDescriptor)  // the new name
        return true
    }

    /// Whether anything has the name `path`, a link to nothing too (which
    /// opening refuses, as SQLite does, rather than putting a file in its place).
    static func exists(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0 || errno != ENOENT
    }

    /// Removes the file being made at `making` and its side files.
    private static func removeMaking(_ making: String) {
        for suffix in ["", "-journal", "-wal", "-shm"] { unlink(making + suffix) }
    }

    private static func sync(_ path: String) throws {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw PrivateFiles.fileSystemError(operation: "open", path: path) }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 else { throw PrivateFiles.fileSystemError(operation: "write to the disk", path: path) }
    }
}
