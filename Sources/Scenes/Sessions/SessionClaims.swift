import FoundationEssentials
import Glibc

/// Which saved sessions this process runs. Each session is claimed with a
/// write lock on one byte of `<store>.claims` (the byte at a hash of its
/// identifier); the kernel drops the locks when the process ends, however it
/// ends. Two instances that cannot reach each other over D-Bus so never restore,
/// show or discard the same session, and a crashed instance's sessions are
/// free again at once.
final class SessionClaims {
    private let descriptor: Int32
    private var held: Set<String> = []

    /// Opens (creating, 0600) the claims file beside the store at `storePath`;
    /// nil if it cannot be opened, and then nothing can be claimed.
    init?(storePath: String) {
        let descriptor = open(storePath + ".claims", O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else { return nil }
        self.descriptor = descriptor
    }

    deinit { close(descriptor) }

    /// Claims `identifier` for this process; false if another process holds it.
    func claim(_ identifier: String) -> Bool {
        if held.contains(identifier) { return true }
        guard setLock(F_WRLCK, identifier) else { return false }
        held.insert(identifier)
        return true
    }

    /// Gives the session up (it was discarded).
    func release(_ identifier: String) {
        guard held.remove(identifier) != nil else { return }
        _ = setLock(F_UNLCK, identifier)
    }

    private func setLock(_ type: Int32, _ identifier: String) -> Bool {
        var lock = flock()
        lock.l_type = Int16(type)
        lock.l_whence = Int16(SEEK_SET)
        lock.l_start = SessionClaims.offset(of: identifier)
        lock.l_len = 1
        return fcntl(descriptor, F_SETLK, &lock) == 0
    }

    /// The byte that stands for `identifier`: a 62-bit FNV-1a hash, so distinct
    /// identifiers practically never share one.
    static func offset(of identifier: String) -> off_t {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in identifier.utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01B3
        }
        return off_t(hash & 0x3FFF_FFFF_FFFF_FFFF)
    }
}
