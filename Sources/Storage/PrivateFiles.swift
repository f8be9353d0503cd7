import FoundationEssentials
import Glibc

/// Creates directories and files that only their owner can read: directories
/// 0700 and files 0600, whatever the umask. Existing ones are left as they are.
enum PrivateFiles {
    /// Creates `directory` and any missing parents, each missing one with mode 0700.
    static func createDirectory(_ directory: String) throws {
        var isDirectory = false
        if FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) {
            if isDirectory { return }
            throw StorageError.fileSystem(
                operation: "create the folder", path: directory, errno: EEXIST,
                message: "a file with that name is in the way")
        }
        let parent = FilePaths.parent(of: directory)
        if parent != directory, !parent.isEmpty { try createDirectory(parent) }
        if mkdir(directory, 0o700) != 0, errno != EEXIST {
            throw fileSystemError(operation: "create the folder", path: directory)
        }
        // mkdir applies the umask, which can only remove bits; make the mode exact.
        chmod(directory, 0o700)
    }

    /// Creates an empty file with mode 0600 unless one exists already; returns
    /// whether it created one.
    @discardableResult
    static func createFileIfMissing(_ path: String) throws -> Bool {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        if descriptor >= 0 {
            fchmod(descriptor, 0o600)
            close(descriptor)
            return true
        } else if errno != EEXIST {
            throw fileSystemError(operation: "create", path: path)
        }
        return false
    }

    /// The operating system's error number behind a Foundation file error, if any.
    static func systemErrno(in error: any Error) -> Int32? {
        if let posix = error as? POSIXError { return posix.code.rawValue }
        if let cocoa = error as? CocoaError, let underlying = cocoa.underlying { return systemErrno(in: underlying) }
        return nil
    }

    /// A `StorageError` for the `errno` a failed call just left.
    static func fileSystemError(operation: String, path: String) -> StorageError {
        let code = errno
        return .fileSystem(
            operation: operation, path: path, errno: code, message: String(cString: strerror(code)))
    }
}
