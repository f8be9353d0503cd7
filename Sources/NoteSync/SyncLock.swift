import FoundationEssentials
import Glibc

/// One sync at a time over the same notes, across processes: an exclusive
/// `flock` on a file beside the notes, held while a sync runs and let go
/// when the process ends, however it ends.
public final class SyncLock {
    private let descriptor: Int32

    /// Takes the lock at `path`, or returns nil if another sync holds it (or
    /// the file cannot be opened).
    public init?(path: String) {
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return nil }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            close(descriptor)
            return nil
        }
        self.descriptor = descriptor
    }

    deinit {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }
}
