import FoundationEssentials
import Glibc

/// Time since the kernel started this process: the clock of the lifecycle
/// trace and of the app's own trace lines, which tests and benchmarks line
/// up with the moments they saw from outside.
public enum ProcessClock {
    /// Milliseconds since the kernel started this process (field 22 of
    /// /proc/self/stat, in clock ticks since boot, against the boot-time clock).
    public static var millisecondsSinceStart: Double {
        var now = timespec()
        clock_gettime(CLOCK_BOOTTIME, &now)
        let nowSeconds = Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
        return (nowSeconds - startSeconds) * 1_000
    }

    private static let startSeconds: Double = {
        guard let stat = try? String(contentsOfFile: "/proc/self/stat", encoding: .utf8),
              let nameEnd = stat.lastIndex(of: ")")
        else { return 0 }
        // Fields after the command name start at field 3; starttime is field 22.
        let fields = stat[stat.index(after: nameEnd)...].split(separator: " ")
        guard fields.count > 19, let ticks = Double(fields[19]) else { return 0 }
        return ticks / Double(sysconf(Int32(_SC_CLK_TCK)))
    }()
}
