public import Foundation

/// Time as a process's lifecycle trace counts it: milliseconds since the
/// kernel started the process (CLOCK_BOOTTIME against its start time in
/// /proc), so a test can say when it did something in the trace's terms.
public struct ProcessClock: Sendable {
    private let startSeconds: Double

    /// The clock of process `pid`, which must be running.
    public init?(pid: pid_t) {
        guard let ticks = ProcStat(path: "/proc/\(pid)/stat")?.field(22).flatMap({ Double($0) }) else { return nil }
        startSeconds = ticks / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// Milliseconds since the process started.
    public var now: Double {
        var time = timespec()
        clock_gettime(CLOCK_BOOTTIME, &time)
        return (Double(time.tv_sec) + Double(time.tv_nsec) / 1e9 - startSeconds) * 1_000
    }
}
