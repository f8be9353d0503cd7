import Glibc

/// One variable of the process's environment, read where it is needed.
/// `ProcessInfo.processInfo.environment` copies the whole environment into a
/// dictionary at every read (about 0.4 million instructions for a desktop
/// session's), and a launch read it seventeen times.
public enum ProcessEnvironment {
    /// The value of `name`, or nil if it is not set.
    public static func value(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }
}
