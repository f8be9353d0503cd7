import Glibc

/// One variable of the process's environment, read where GtkKit needs it:
/// `getenv`, as `ProcessInfo`'s environment copies all of it at every read.
/// (Storage has the same for the layers above it; the two share no module.)
enum EnvironmentVariable {
    /// The value of `name`, or nil if it is not set.
    static func value(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }
}
