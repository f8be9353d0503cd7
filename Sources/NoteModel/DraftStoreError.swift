import FoundationEssentials
import Glibc

/// Why a draft could not be written or removed.
public enum DraftStoreError: Error, Equatable, CustomStringConvertible {
    /// Writing, renaming or removing the file failed with `errno`.
    case cannotWrite(path: String, errno: Int32)

    public var description: String {
        switch self {
        case let .cannotWrite(path, code): return "Could not write \(path): \(String(cString: strerror(code)))"
        }
    }

    /// Whether the disk (or quota) is full.
    public var isDiskFull: Bool {
        if case let .cannotWrite(_, code) = self { return code == ENOSPC || code == EDQUOT }
        return false
    }
}
