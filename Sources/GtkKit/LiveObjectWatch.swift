/// The helper objects made while a test watched (`LiveCounts.watching`):
/// object wrappers and closures handed to GLib, each held weakly, so a test
/// can tell whether exactly what it made has gone, whatever other tests in
/// the same process make and release meanwhile.
@MainActor
package final class LiveObjectWatch {
    /// What kind of helper an entry is, as `LiveCounts` counts them.
    package enum Kind: String, Sendable {
        case objectWrapper = "object wrappers"
        case signalHandler = "signal handlers"
        case sourceClosure = "source closures"
    }

    private struct Entry {
        let kind: Kind
        weak var object: AnyObject?
    }

    private var entries: [Entry] = []

    /// How many helpers were made while watching.
    package var madeCount: Int { entries.count }

    /// How many of them are still alive.
    package var aliveCount: Int { entries.count { $0.object != nil } }

    /// The helpers still alive, by kind ("2 signal handlers"), or "nothing".
    package var aliveDescription: String {
        let alive = Dictionary(grouping: entries.filter { $0.object != nil }, by: \.kind)
        guard !alive.isEmpty else { return "nothing" }
        return alive.map { "\($0.value.count) \($0.key.rawValue)" }.sorted().joined(separator: ", ")
    }

    func record(_ object: AnyObject, kind: Kind) {
        entries.append(Entry(kind: kind, object: object))
    }
}
