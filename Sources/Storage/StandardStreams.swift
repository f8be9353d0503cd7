import Glibc

/// Writes to the process's standard output and error, whole, through the
/// file descriptors (FoundationEssentials has no FileHandle).
public enum StandardStreams {
    /// Writes `text` to standard output.
    public static func writeOutput(_ text: String) { write(text, to: STDOUT_FILENO) }

    /// Writes `text` to standard error.
    public static func writeError(_ text: String) { write(text, to: STDERR_FILENO) }

    private static func write(_ text: String, to descriptor: Int32) {
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return }
            offset += written
        }
    }
}
