import FoundationEssentials
import Glibc
import Synchronization

/// The database files this process has open for writing, and through how
/// many connections.
///
/// POSIX locks belong to a process, not to a descriptor: closing *any*
/// descriptor of a file drops every lock the process holds on it, SQLite's
/// included. So a file this process already has open must not be read again
/// through a descriptor of its own, as the header and log checks before
/// opening do: the connection that has it open would silently lose its locks,
/// and another process could then take the file for unused, fold its log in,
/// and delete the log the connection is still writing to. A file that is open
/// here was checked when it was first opened; a second connection skips the checks.
enum OpenDatabaseFiles {
    private static let counts = Mutex<[String: Int]>([:])

    /// The key of `path`: the file's real path, so that two spellings of one file match.
    static func key(_ path: String) -> String {
        guard let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Whether a connection of this process has the file at `key` open.
    static func isOpen(_ key: String) -> Bool {
        counts.withLock { $0[key, default: 0] > 0 }
    }

    /// Counts one more connection to the file at `key` if one is open already; whether it did.
    static func openedIfOpen(_ key: String) -> Bool {
        counts.withLock { counts in
            guard let open = counts[key], open > 0 else { return false }
            counts[key] = open + 1
            return true
        }
    }

    static func opened(_ key: String) {
        counts.withLock { $0[key, default: 0] += 1 }
    }

    static func closed(_ key: String) {
        counts.withLock { counts in
            let left = counts[key, default: 1] - 1
            counts[key] = left > 0 ? left : nil
        }
    }
}
