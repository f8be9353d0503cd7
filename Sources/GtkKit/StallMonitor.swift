import CGtk
import FoundationEssentials
import Glibc

/// Reports when the main loop could not run for longer than a threshold: a
/// window that froze. A high-priority timer ticks every 4 ms; a tick that
/// comes later than it should means the loop was busy (or blocked) all that
/// while. Off unless `GTKKIT_STALL_TRACE=<milliseconds>` is set; then each
/// stall over that many milliseconds is one line on standard error, for tests
/// and benchmarks: `stall: <CLOCK_MONOTONIC ms> <stall ms>`.
@MainActor
public enum StallMonitor {
    private static let tickMicroseconds: Int64 = 4_000
    private static var thresholdMicroseconds: Int64 = 0
    private static var lastTick: Int64 = 0

    /// Starts the monitor if the environment asks for it (once).
    public static func startIfRequested() {
        guard thresholdMicroseconds == 0,
              let value = EnvironmentVariable.value("GTKKIT_STALL_TRACE"),
              let threshold = Double(value), threshold > 0
        else { return }
        thresholdMicroseconds = Int64(threshold * 1_000)
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
        guard stall > thresholdMicroseconds else { return }
        // Milliseconds to one decimal, as tenths: "stall: 81234.5 20.1".
        let nowTenths = (now + 50) / 100, stallTenths = (stall + 50) / 100
        let line = "stall: \(nowTenths / 10).\(nowTenths % 10) \(stallTenths / 10).\(stallTenths % 10)\n"
        _ = line.withCString { write(STDERR_FILENO, $0, strlen($0)) }
    }
}
