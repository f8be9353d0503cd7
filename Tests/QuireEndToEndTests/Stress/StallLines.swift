import Foundation

/// The main-loop stalls an app reported (`GTKKIT_STALL_TRACE`):
/// `stall: <CLOCK_MONOTONIC ms> <stall ms>`, and the same clock here.
enum StallLines {
    /// Every stall in `output`.
    static func stalls(in output: String) -> [(at: Double, length: Double)] {
        output.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: " ")
            guard fields.count == 3, fields[0] == "stall:", let at = Double(fields[1]), let length = Double(fields[2]) else { return nil }
            return (at, length)
        }
    }

    /// CLOCK_MONOTONIC now, in milliseconds (the clock the stall lines use).
    static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) * 1_000 + Double(time.tv_nsec) / 1_000_000
    }
}
