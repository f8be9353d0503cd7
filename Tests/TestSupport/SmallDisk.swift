import Foundation

/// A small file system of its own (a tmpfs mounted in a temporary folder), for
/// running out of space on purpose: `fill()` takes every free byte, `free()`
/// gives them back. Mounting needs root (or CAP_SYS_ADMIN), which the test
/// command and CI have; without it, `init` throws saying so.
public final class SmallDisk: @unchecked Sendable {
    /// Where the file system is mounted.
    public let path: String
    private let folder: TemporaryDirectory
    private var fillers = 0

    /// Mounts a tmpfs of `megabytes` (world-writable, so an unprivileged user can use it).
    public init(megabytes: Int) throws {
        folder = try TemporaryDirectory(prefix: "quire-small-disk")
        path = folder.path
        let result = try ChildProcess.run(
            "mount", ["-t", "tmpfs", "-o", "size=\(megabytes)m,mode=1777", "tmpfs", path],
            environment: ["PATH": "/usr/sbin:/usr/bin:/sbin:/bin"], outputDirectory: NSTemporaryDirectory())
        guard result.status == 0 else {
            folder.remove()
            throw DesktopError.commandFailed(
                "mount -t tmpfs (the full-disk tests need root, as the test command runs)", result.error)
        }
    }

    deinit {
        _ = try? ChildProcess.run(
            "umount", ["-l", path], environment: ["PATH": "/usr/sbin:/usr/bin:/sbin:/bin"],
            outputDirectory: NSTemporaryDirectory())
        folder.remove()
    }

    /// Makes the file system `megabytes` in all (tmpfs resizes in place, its files kept).
    public func resize(megabytes: Int) throws {
        let result = try ChildProcess.run(
            "mount", ["-o", "remount,size=\(megabytes)m", path],
            environment: ["PATH": "/usr/sbin:/usr/bin:/sbin:/bin"], outputDirectory: NSTemporaryDirectory())
        guard result.status == 0 else { throw DesktopError.commandFailed("mount -o remount", result.error) }
    }

    /// Writes a file that takes every byte left.
    public func fill() {
        fillers += 1
        let filler = (path as NSString).appendingPathComponent(".filler-\(fillers)")
        let descriptor = open(filler, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        let block = [UInt8](repeating: 0, count: 4_096)
        while block.withUnsafeBytes({ write(descriptor, $0.baseAddress, $0.count) }) > 0 {}
    }

    /// Removes the fillers: the space is back.
    public func free() {
        for index in 0...fillers {
            unlink((path as NSString).appendingPathComponent(".filler-\(index)"))
        }
    }

    /// The bytes still free.
    public var freeBytes: Int {
        var info = statvfs()
        guard statvfs(path, &info) == 0 else { return 0 }
        return Int(info.f_bavail) * Int(info.f_frsize)
    }
}
