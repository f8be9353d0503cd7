import Foundation

/// The main-loop stalls an app reported (`GTKKIT_STALL_TRACE`):
/// `stall: <CLOCK_MONOTONIC ms> <stall ms>`, and the same clock here.
enum StallLines {
    /// Every stall in `output`, with the lines the app wrote just before it
    /// (its traces: what the main loop was doing), for a failure's message.
    static func stalls(in output: String, context: Int = 6) -> [(at: Double, length: Double, before: [Substring])] {
        let lines = output.split(separator: "\n")
        return lines.indices.compactMap { index in
            let fields = lines[index].split(separator: " ")
            guard fields.count == 3, fields[0] == "stall:", let at = Double(fields[1]), let length = Double(fields[2]) else { return nil }
            return (at, length, Array(lines[max(0, index - context)..<index]))
        }
    }

    /// CLOCK_MONOTONIC now, in milliseconds (the clock the stall lines use).
    static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) * 1_000 + Double(time.tv_nsec) / 1_000_000
    }
}
