import Foundation

/// One line of the lifecycle trace (`SCENES_TRACE=1`):
/// `scenes: <ms> <callback> session=<ids> config=<name>`.
struct TraceEvent: Equatable, CustomStringConvertible {
    let milliseconds: Double
    let callback: String
    /// The session identifiers (empty for application-level lines).
    let sessions: [String]
    let configuration: String

    /// Parses a trace line; nil for any other line.
    init?(line: Substring) {
        guard line.hasPrefix("scenes: ") else { return nil }
        let fields = line.dropFirst("scenes: ".count).split(separator: " ", maxSplits: 3)
        guard fields.count == 4, let milliseconds = Double(fields[0]),
              fields[2].hasPrefix("session="), fields[3].hasPrefix("config=")
        else { return nil }
        self.milliseconds = milliseconds
        callback = String(fields[1])
        let ids = fields[2].dropFirst("session=".count)
        sessions = ids == "-" ? [] : ids.split(separator: ",").map(String.init)
        configuration = String(fields[3].dropFirst("config=".count))
    }

    /// The one session the line is about ("" for application-level lines).
    var session: String { sessions.first ?? "" }

    /// Whether this is a lifecycle callback rather than a save or frame note.
    var isLifecycle: Bool { callback != "stateRestorationActivity(for:)" && callback != "first-frame" }

    var description: String { "\(callback) \(sessions.joined(separator: ","))" }

    /// Every trace line in `text`.
    static func all(in text: String) -> [TraceEvent] {
        text.split(separator: "\n").compactMap(TraceEvent.init(line:))
    }
}
