public import FoundationEssentials
import Storage
public import Glibc

/// A whole file written in one go and synced to the disk: the drafts', the
/// exports', the trusted certificate's and the app's small state files' way
/// of writing under a temporary name before a rename.
public enum SyncedFile {
    /// Writes `data` to a new file at `path` (replacing one there) with
    /// `permissions`, synced to the disk. Returns nil, or the `errno` of the
    /// failure, after which no file is left at `path`.
    public static func write(_ data: Data, to path: String, permissions: mode_t) -> Int32? {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, permissions)
        guard descriptor >= 0 else { return errno }
        var failure: Int32? = data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += written
            }
            return fsync(descriptor) == 0 ? nil : errno
        }
        if close(descriptor) != 0, failure == nil { failure = errno }
        if failure != nil { unlink(path) }
        return failure
    }

    /// Replaces the file at `path` with `data` in one step: written whole
    /// beside it under a name of this process's own, synced, renamed over it,
    /// and the folder synced, so that a crash or a power cut leaves the old
    /// file or the new one, never a part. A new file gets `permissions` (less
    /// the umask). On failure the old file is as it was and nothing else is
    /// left beside it. What a writer killed mid-write left beside it goes
    /// too, once that writer has gone.
    public static func replace(_ path: String, with data: Data, permissions: mode_t) throws(POSIXError) {
        let temporary = "\(path).\(getpid()).partial"
        unlink(temporary)  // a leftover of an earlier process with this number, whatever its mode
        if let failure = write(data, to: temporary, permissions: permissions) { throw posixError(failure) }
        guard rename(temporary, path) == 0 else {
            let failure = errno
            unlink(temporary)
            throw posixError(failure)
        }
        syncFolder(FilePaths.parent(of: path))
        removeLeftovers(of: path)
    }

    /// Removes the temporary files of `path` (`<path>.<pid>.partial`) that
    /// processes no longer running left, a minute old or more: a younger one
    /// may be another computer's write under way, in a folder shared over
    /// the network.
    private static func removeLeftovers(of path: String) {
        let folder = FilePaths.parent(of: path)
        let prefix = FilePaths.lastComponent(of: path) + ".", suffix = ".partial"
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.isEmpty ? "." : folder) else { return }
        for name in names where name.hasPrefix(prefix) && name.hasSuffix(suffix) {
            guard let pid = pid_t(name.dropFirst(prefix.count).dropLast(suffix.count)), pid > 0, pid != getpid(),
                  kill(pid, 0) != 0, errno == ESRCH
            else { continue }
            let leftover = FilePaths.join(folder, name)
            var status = stat()
            guard lstat(leftover, &status) == 0, time(nil) - status.st_mtim.tv_sec >= 60 else { continue }
            unlink(leftover)
        }
    }

    private static func posixError(_ code: Int32) -> POSIXError { POSIXError(POSIXErrorCode(rawValue: code) ?? .EIO) }

    /// Syncs a folder, so that a rename in it survives a power cut.
    private static func syncFolder(_ path: String) {
        let descriptor = open(path.isEmpty ? "." : path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        close(descriptor)
    }
}
