/// Why a database or data file could not be used.
///
/// Every case names the operation and the file, so a message shown to a
/// person or written to the log says what went wrong and where.
public enum StorageError: Error, Equatable, CustomStringConvertible {
    /// SQLite refused an operation.
    case sqlite(operation: String, path: String, code: Int32, message: String)
    /// The file was written by a newer Quire; it was left untouched.
    case newerSchema(path: String, found: Int32, supported: Int32)
    /// A file-system call failed.
    case fileSystem(operation: String, path: String, errno: Int32, message: String)

    public var description: String {
        switch self {
        case let .sqlite(operation, path, code, message):
            return "Could not \(operation) in \(path): \(message) (SQLite error \(code))"
        case let .newerSchema(path, found, supported):
            return "\(path) was written by a newer version of this app (schema \(found); "
                + "this version knows up to \(supported)). It was left untouched."
        case let .fileSystem(operation, path, _, message):
            return "Could not \(operation) \(path): \(message)"
        }
    }

    /// Whether a newer version wrote the file.
    public var isNewerSchema: Bool {
        if case .newerSchema = self { return true }
        return false
    }

    /// The SQLite primary result code, if SQLite reported this error.
    public var sqliteCode: Int32? {
        if case let .sqlite(_, _, code, _) = self { return code & 0xFF }
        return nil
    }
}
