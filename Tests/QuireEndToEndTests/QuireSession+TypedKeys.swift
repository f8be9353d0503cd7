import Foundation
import Testing
import TestSupport

/// What the Wayland suites check after a relaunch: where typed keys landed,
/// and that the windows behind the front one were filled in.
extension QuireSession {
    /// Expects the keys `typed` to make a note read `body` (within 10 s),
    /// and no other note to hold them.
    func expectKeys(_ typed: String, landedAs body: String, sourceLocation: SourceLocation = #_sourceLocation) {
        var bodies: [String] = []
        #expect(eventually(within: 10) {
            bodies = (try? allBodies()) ?? []
            return bodies.contains(body)
        }, "the keys went to the note that should read \(body): \(bodies.filter { $0.contains(where: typed.contains) })",
                sourceLocation: sourceLocation)
        #expect(bodies.filter { $0.contains(typed) } == [body], "no other note holds them", sourceLocation: sourceLocation)
    }

    /// Expects `count` windows behind the front one to be filled in and
    /// drawn within `seconds` (`QUIRE_TRACE_WINDOWS` lines).
    func expectWindowsBehindDrawn(_ count: Int, within seconds: Double, sourceLocation: SourceLocation = #_sourceLocation) {
        let lines = { self.messages.split(separator: "\n").filter { $0.hasPrefix("windows: ") } }
        #expect(eventually(within: seconds) { lines().filter { $0.hasPrefix("windows: drawn filled in ") }.count == count },
                "each window behind filled in and drawn: \(lines())", sourceLocation: sourceLocation)
    }
}
