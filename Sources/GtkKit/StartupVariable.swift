import Glibc

/// A variable GTK reads at startup, set in the environment for that while the
/// process has one thread, and taken out again once GTK has read it, so that
/// programs the app starts do not inherit it.
///
/// By then other threads run (GDBus's worker, GTK's), and any of them may read
/// the environment while it is taken out. glibc's `unsetenv` frees nothing; it
/// moves every later entry of `environ` one place down, so a reader walking
/// the array meanwhile can step over one of them and find it missing. Set last
/// and taken out first, the variable is the array's last entry when it goes,
/// and nothing after it can be missed: debug builds check that.
struct StartupVariable {
    /// The variable's name, such as "GTK_THEME".
    let name: String

    /// Sets `name` to `value` and returns it, to be taken out later; nil if the
    /// environment has it already (the person's own choice, left as it is).
    /// Only while the process has one thread: `setenv` may move the whole array.
    static func set(_ name: String, to value: String) -> StartupVariable? {
        guard getenv(name) == nil else { return nil }
        assert(ProcessStat.isSingleThreaded, "\(name) is set before any other thread starts")
        setenv(name, value, 1)
        return StartupVariable(name: name)
    }

    /// Takes it out of the environment again.
    func remove() {
        assert(isLastEntry, "\(name) is the environment's last entry when it is taken out")
        unsetenv(name)
    }

    /// Whether the variable is the last entry in `environ`.
    private var isLastEntry: Bool {
        var entry = environ
        var last: UnsafeMutablePointer<CChar>?
        while let current = entry.pointee {
            last = current
            entry += 1
        }
        return last.map { String(cString: $0).hasPrefix(name + "=") } ?? false
    }
}
