public import FoundationEssentials
import Glibc

/// A file's bytes, read through a descriptor (FoundationEssentials has no
/// FileHandle): from one already open, whose locks a second descriptor
/// would let go of when closed, or by the file's path; and how many there are.
public enum FileBytes {
    /// Everything from `descriptor`'s position to the end; nil if reading failed.
    public static func readAll(from descriptor: Int32) -> Data? {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let got = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress!, $0.count) }
            if got < 0 && errno == EINTR { continue }
            guard got >= 0 else { return nil }
            guard got > 0 else { return data }
            data.append(contentsOf: buffer[..<got])
        }
    }

    /// How many bytes the file at `path` holds; 0 if there is none.
    public static func size(of path: String) -> Int {
        var status = stat()
        return stat(path, &status) == 0 ? Int(status.st_size) : 0
    }

    /// The whole file at `path`; the system's error number if it cannot be read.
    public static func readFile(_ path: String) -> Result<Data, POSIXError> {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return .failure(POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)) }
        defer { close(descriptor) }
        guard let data = readAll(from: descriptor) else { return .failure(POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)) }
        return .success(data)
    }

    /// The first `count` bytes of the file at `path`, fewer if it is shorter; nil if it cannot be read.
    public static func readStart(of path: String, count: Int) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        return readUpTo(count, from: descriptor)
    }

    /// Up to `count` bytes from `descriptor`'s position, fewer where the file
    /// ends; nil if reading failed (`errno` says why).
    public static func readUpTo(_ count: Int, from descriptor: Int32) -> [UInt8]? {
        var bytes = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let got = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + filled, count - filled) }
            if got < 0 && errno == EINTR { continue }
            guard got >= 0 else { return nil }
            guard got > 0 else { break }
            filled += got
        }
        bytes.removeSubrange(filled...)
        return bytes
    }
}
