import Glibc

/// Time since the kernel started this process: the clock of the lifecycle
/// trace and of the app's own trace lines, which tests and benchmarks line
/// up with the moments they saw from outside.
public enum ProcessClock {
    /// Milliseconds since this process started: since the moment its starter
    /// gave in `PROCESS_START_BOOTTIME_NS` (nanoseconds on the boot-time
    /// clock; the benchmark's mapwatch gives it) if that agrees with the
    /// kernel's start time, else since the kernel's start time itself
    /// (field 22 of /proc/self/stat, counted in 10 ms clock ticks).
    public static var millisecondsSinceStart: Double {
        var now = timespec()
        clock_gettime(CLOCK_BOOTTIME, &now)
        let nowSeconds = Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
        return (nowSeconds - startSeconds) * 1_000
    }

    private static let startSeconds: Double = {
        let tick = 1 / Double(sysconf(Int32(_SC_CLK_TCK)))
        guard let ticks = ProcessStat.field(22).flatMap({ Double($0) }) else { return 0 }
        return start(kernelStart: ticks * tick, tick: tick, given: EnvironmentVariable.value("PROCESS_START_BOOTTIME_NS"))
    }()

    /// The start to count from, in seconds on the boot-time clock: `given`
    /// (nanoseconds) if it falls where the kernel's start, rounded down to its
    /// `tick`, says the process started (the starter reads its clock just
    /// before; a few milliseconds' leeway), else the kernel's start: a value
    /// meant for another process, or none, changes nothing.
    static func start(kernelStart: Double, tick: Double, given: String?) -> Double {
        guard let nanoseconds = given.flatMap({ UInt64($0) }) else { return kernelStart }
        let told = Double(nanoseconds) / 1e9
        return told >= kernelStart - 0.005 && told < kernelStart + tick ? told : kernelStart
    }
}
