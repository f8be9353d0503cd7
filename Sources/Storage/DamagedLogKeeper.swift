import FoundationEssentials
import Glibc

/// Keeps a copy of a database and its write-ahead log when the log is damaged,
/// before SQLite reads the log, ignores what follows the damage and, on
/// closing, deletes it.
enum DamagedLogKeeper {
    /// Copies `databasePath` and its log to `<path>.damaged-<time>` and
    /// `<path>.damaged-<time>-wal` if the log is damaged; returns what was done.
    static func keepAsideIfDamaged(databasePath: String) throws -> DatabaseNotice? {
        let logPath = databasePath + "-wal"
        guard case let .damaged(reason) = WriteAheadLogCheck.inspect(path: logPath) else { return nil }
        // Another process may be writing the log this very moment: a frame whose
        // header is new but whose page is not yet. Look again before calling it damage.
        usleep(50_000)
        guard case .damaged = WriteAheadLogCheck.inspect(path: logPath) else { return nil }
        let stamp = Int(Date().timeIntervalSince1970)
        var copy = "\(databasePath).damaged-\(stamp)"
        var attempt = 1
        while FileManager.default.fileExists(atPath: copy) || FileManager.default.fileExists(atPath: copy + "-wal") {
            attempt += 1
            copy = "\(databasePath).damaged-\(stamp)-\(attempt)"
        }
        do {
            try FileManager.default.copyItem(atPath: databasePath, toPath: copy)
            try FileManager.default.copyItem(atPath: logPath, toPath: copy + "-wal")
        } catch {
            try? FileManager.default.removeItem(atPath: copy)  // a partial copy, never the original
            let code = PrivateFiles.systemErrno(in: error) ?? EIO
            throw StorageError.fileSystem(
                operation: "keep a copy of the damaged log of", path: databasePath, errno: code,
                message: "\(String(cString: strerror(code))); the files were left as they are")
        }
        return .damagedLogKeptAside(reason: reason, copy: copy)
    }
}
