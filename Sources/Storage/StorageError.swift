import CSQLite
import FoundationEssentials
import Glibc

/// Why a database or data file could not be used.
///
/// Every case names the operation and the file, so a message shown to a
/// person or written to the log says what went wrong and where; `kind` says
/// what sort of trouble it is, so the advice given can fit the cause.
public enum StorageError: Error, Equatable, CustomStringConvertible {
    /// SQLite refused an operation; `systemErrno` is the operating system's
    /// error behind it, when there was one (0 otherwise).
    case sqlite(operation: String, path: String, code: Int32, message: String, systemErrno: Int32 = 0)
    /// The file was written by a newer version of the app; it was left untouched.
    case newerSchema(path: String, found: Int32, supported: Int32)
    /// The file belongs to another program; it was left untouched.
    case foreign(path: String, reason: String)
    /// A file-system call failed.
    case fileSystem(operation: String, path: String, errno: Int32, message: String)

    public var description: String {
        switch self {
        case let .sqlite(operation, path, code, message, _):
            return "Could not \(operation) in \(path): \(message) (SQLite error \(code))"
        case let .newerSchema(path, found, supported):
            return "\(path) was written by a newer version of this app (schema \(found); "
                + "this version knows up to \(supported)). It was left untouched."
        case let .foreign(path, reason):
            return "\(path) is not one of this app's files (\(reason)). It was left untouched."
        case let .fileSystem(operation, path, _, message):
            return "Could not \(operation) \(path): \(message)"
        }
    }

    /// The file the error is about.
    public var path: String {
        switch self {
        case let .sqlite(_, path, _, _, _), let .newerSchema(path, _, _), let .foreign(path, _),
             let .fileSystem(_, path, _, _):
            return path
        }
    }

    /// The same error, about the file at `other` instead.
    func about(_ other: String) -> StorageError {
        switch self {
        case let .sqlite(operation, _, code, message, systemErrno):
            return .sqlite(operation: operation, path: other, code: code, message: message, systemErrno: systemErrno)
        case let .newerSchema(_, found, supported): return .newerSchema(path: other, found: found, supported: supported)
        case let .foreign(_, reason): return .foreign(path: other, reason: reason)
        case let .fileSystem(operation, _, errno, message):
            return .fileSystem(operation: operation, path: other, errno: errno, message: message)
        }
    }

    /// Whether a newer version wrote the file.
    public var isNewerSchema: Bool { kind == .newerVersion }

    /// The SQLite primary result code, if SQLite reported this error.
    public var sqliteCode: Int32? {
        if case let .sqlite(_, _, code, _, _) = self { return code & 0xFF }
        return nil
    }

    /// What sort of trouble this is.
    public var kind: StorageErrorKind {
        switch self {
        case .newerSchema: return .newerVersion
        case .foreign: return .foreign
        case let .fileSystem(_, _, errno, _): return StorageError.kind(ofSystemError: errno) ?? .other
        case let .sqlite(_, path, code, _, systemErrno):
            if let kind = StorageError.kind(ofSystemError: systemErrno) { return kind }
            switch code & 0xFF {
            case SQLITE_BUSY, SQLITE_LOCKED: return .busy
            case SQLITE_FULL: return .diskFull
            case SQLITE_READONLY, SQLITE_PERM, SQLITE_AUTH: return .permissionDenied
            case SQLITE_NOTADB, SQLITE_CORRUPT: return .damaged
            case SQLITE_CANTOPEN:
                return access(path, R_OK | W_OK) != 0 && errno != ENOENT ? .permissionDenied : .other
            default: return .other
            }
        }
    }

    /// The kind an operating-system error number stands for, if a telling one.
    private static func kind(ofSystemError code: Int32) -> StorageErrorKind? {
        switch code {
        case EACCES, EPERM, EROFS: return .permissionDenied
        case ENOSPC, EDQUOT, EFBIG: return .diskFull
        case ENOTDIR, EEXIST, EISDIR: return .inTheWay
        default: return nil
        }
    }
}
