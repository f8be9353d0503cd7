import Foundation

/// The main-loop stalls an app reported (`GTKKIT_STALL_TRACE`):
/// `stall: <CLOCK_MONOTONIC ms> <stall ms> [<ran ms> <queued ms>]`, and the same clock here.
public enum StallLines {
    /// One stall: when it ended, how long, and of the main thread's time
    /// meanwhile how much it ran and how much it waited for a processor other
    /// programs had (nil where the kernel did not say). `held` is what the app
    /// itself held the loop for, running or blocked: the stall less that wait.
    public struct Stall: CustomStringConvertible, Sendable {
        public let at: Double
        public let length: Double
        public let ran: Double?
        public let queued: Double?
        /// The lines the app wrote just before it (its traces: what the main
        /// loop was doing), for a failure's message.
        public let before: [Substring]

        public var held: Double { max(0, length - (queued ?? 0)) }
        public var description: String {
            var split = ""
            if let ran, let queued { split = " (\(Int(ran)) running, \(Int(queued)) waiting for a processor)" }
            return "\(Int(length)) ms\(split), after: \(before.joined(separator: " | "))"
        }
    }

    /// Every stall in `output`, each with the `context` lines before it.
    public static func stalls(in output: String, context: Int = 6) -> [Stall] {
        let lines = output.split(separator: "\n")
        return lines.indices.compactMap { index in
            let fields = lines[index].split(separator: " ")
            guard fields.count == 3 || fields.count == 5, fields[0] == "stall:",
                  let at = Double(fields[1]), let length = Double(fields[2]) else { return nil }
            let times = fields.count == 5 ? (Double(fields[3]), Double(fields[4])) : (nil, nil)
            return Stall(at: at, length: length, ran: times.0, queued: times.1, before: Array(lines[max(0, index - context)..<index]))
        }
    }

    /// CLOCK_MONOTONIC now, in milliseconds (the clock the stall lines use).
    public static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) * 1_000 + Double(time.tv_nsec) / 1_000_000
    }
}
