import CGtk
import FoundationEssentials
import Glibc

/// Reports when the main loop could not run for longer than a threshold: a
/// window that froze. A high-priority timer ticks every 4 ms; a tick that
/// comes later than it should means the loop was busy (or blocked) all that
/// while. Off unless `GTKKIT_STALL_TRACE=<milliseconds>` is set; then each
/// stall over that many milliseconds is one line on standard error, for tests
/// and benchmarks: `stall: <CLOCK_MONOTONIC ms> <stall ms> <ran ms> <queued ms>`.
///
/// The last two say where the main thread's time went since the tick before
/// (the kernel's `/proc/thread-self/schedstat`): running, and ready to run but
/// waiting for a processor that other programs had. The rest it was blocked
/// (on a lock, the disk, the display server), or its virtual machine's host
/// ran something else. On a busy machine the stall's length grows with the
/// queued part; what the app itself held is the rest. Without schedstat the
/// line has its first two figures alone.
@MainActor
public enum StallMonitor {
    private static let tickMicroseconds: Int64 = 4_000
    private static var thresholdMicroseconds: Int64 = 0
    private static var lastTick: Int64 = 0
    /// The main thread's `schedstat`, open for the monitor's life (-1: none).
    private static var schedstat: Int32 = -1
    /// The main thread's time running, and queued for a processor, at the last tick (µs).
    private static var lastRan: Int64 = 0
    private static var lastQueued: Int64 = 0

    /// Starts the monitor if the environment asks for it (once).
    public static func startIfRequested() {
        guard thresholdMicroseconds == 0,
              let value = EnvironmentVariable.value("GTKKIT_STALL_TRACE"),
              let threshold = Double(value), threshold > 0
        else { return }
        thresholdMicroseconds = Int64(threshold * 1_000)
        schedstat = open("/proc/thread-self/schedstat", O_RDONLY | O_CLOEXEC)
        (lastRan, lastQueued) = scheduling() ?? (0, 0)
        lastTick = Int64(g_get_monotonic_time())
        g_timeout_add_full(G_PRIORITY_HIGH, UInt32(tickMicroseconds / 1_000), { _ in
            MainActor.assumeIsolated { StallMonitor.tick() }
            return 1  // G_SOURCE_CONTINUE
        }, nil, nil)
    }

    private static func tick() {
        let now = Int64(g_get_monotonic_time())
        // The tick was due `tickMicroseconds` after the last; anything beyond is time the loop was held.
        let stall = now - lastTick - tickMicroseconds
        lastTick = now
        let times = scheduling()
        defer { if let times { (lastRan, lastQueued) = times } }
        guard stall > thresholdMicroseconds else { return }
        var line = "stall: \(tenths(now)) \(tenths(stall))"
        if let (ran, queued) = times { line += " \(tenths(ran - lastRan)) \(tenths(queued - lastQueued))" }
        line += "\n"
        _ = line.withCString { write(STDERR_FILENO, $0, strlen($0)) }
    }

    /// Microseconds as milliseconds to one decimal: "20.1".
    private static func tenths(_ microseconds: Int64) -> String {
        let tenths = (microseconds + 50) / 100
        return "\(tenths / 10).\(tenths % 10)"
    }

    /// The main thread's time so far running and queued for a processor, in
    /// microseconds: schedstat's first two figures (nanoseconds). Nil without it.
    private static func scheduling() -> (ran: Int64, queued: Int64)? {
        guard schedstat >= 0 else { return nil }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 64) { buffer -> (Int64, Int64)? in
            let count = pread(schedstat, buffer.baseAddress, buffer.count, 0)
            guard count > 0 else { return nil }
            var ran: Int64?, figure: Int64 = 0, inFigure = false
            for byte in buffer[..<count] {
                if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
                    figure = figure * 10 + Int64(byte - UInt8(ascii: "0"))
                    inFigure = true
                } else if inFigure {
                    if let ran { return (ran, figure / 1_000) }
                    ran = figure / 1_000
                    figure = 0
                    inFigure = false
                }
            }
            return nil
        }
    }
}
