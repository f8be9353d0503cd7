import FoundationEssentials
import GtkKit
import Storage

/// The lifecycle trace: with `SCENES_TRACE=1`, one line on standard error per
/// delegate call, in call order:
/// `scenes: <ms since process start> <callback> session=<ids> config=<name>`.
/// Tests and benchmarks read it; its format is part of the contract.
@MainActor
enum SceneTrace {
    static let isEnabled = ProcessEnvironment.value("SCENES_TRACE") == "1"

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
        let tenths = Int((ProcessClock.millisecondsSinceStart * 10).rounded())
        StandardStreams.writeError("scenes: \(tenths / 10).\(tenths % 10) \(callback) session=\(sessions) config=\(configuration)\n")
    }
}
