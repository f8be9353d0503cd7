import FoundationEssentials
import Glibc
import Storage

/// The lifecycle trace: with `SCENES_TRACE=1`, one line on standard error per
/// delegate call, in call order:
/// `scenes: <ms since process start> <callback> session=<ids> config=<name>`.
/// Tests and benchmarks read it; its format is part of the contract.
@MainActor
enum SceneTrace {
    static let isEnabled = ProcessInfo.processInfo.environment["SCENES_TRACE"] == "1"

    /// Records an application-level call (`session=- config=-`).
    static func application(_ callback: String) {
        write(callback, sessions: "-", configuration: "-")
    }

    /// Records a call about one session.
    static func scene(_ callback: String, _ session: SceneSession) {
        write(callback, sessions: session.persistentIdentifier, configuration: session.configuration.name)
    }

    /// Records a call about several sessions (a discard).
    static func sessions(_ callback: String, _ sessions: [SceneSession]) {
        let configurations = Set(sessions.map(\.configuration.name)).sorted().joined(separator: ",")
        write(callback, sessions: sessions.map(\.persistentIdentifier).joined(separator: ","),
              configuration: configurations)
    }

    private static func write(_ callback: String, sessions: String, configuration: String) {
        guard isEnabled else { return }
        // Formatted by hand, and written in one call: Foundation's formatting
        // and FileHandle took about 0.2 ms a window restoring 100.
        let tenths = Int((millisecondsSinceProcessStart * 10).rounded())
        StandardStreams.writeError("scenes: \(tenths / 10).\(tenths % 10) \(callback) session=\(sessions) config=\(configuration)\n")
    }

    /// Milliseconds since the kernel started this process (field 22 of
    /// /proc/self/stat, in clock ticks since boot, against the boot-time clock).
    private static var millisecondsSinceProcessStart: Double {
        var now = timespec()
        clock_gettime(CLOCK_BOOTTIME, &now)
        let nowSeconds = Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
        return (nowSeconds - processStartSeconds) * 1_000
    }

    private static let processStartSeconds: Double = {
        guard let stat = try? String(contentsOfFile: "/proc/self/stat", encoding: .utf8),
              let nameEnd = stat.lastIndex(of: ")")
        else { return 0 }
        // Fields after the command name start at field 3; starttime is field 22.
        let fields = stat[stat.index(after: nameEnd)...].split(separator: " ")
        guard fields.count > 19, let ticks = Double(fields[19]) else { return 0 }
        return ticks / Double(sysconf(Int32(_SC_CLK_TCK)))
    }()
}
