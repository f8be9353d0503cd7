public import Foundation

/// A whole file written in one go and synced to the disk: the drafts', the
/// exports' and the trusted certificate's way of writing under a temporary
/// name before a rename.
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
                let written = Foundation.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
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
}
