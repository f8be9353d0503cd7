import Foundation
import Testing
import TestSupport

/// Two windows on one note show each other's typing at once, each keeping its own cursor.
@Suite("Live sync between windows, end to end", .serialized)
struct LiveSyncTests {
    @Test("typing in either window shows in both; the other window's cursor moves with its text; nothing echoes")
    func twoWindowsOneNote() throws {
        let session = try QuireSession()
        try session.launch()
        let first = try session.waitForWindow(matching: "^New Note — Quire$")
        try session.desktop.type("shared", into: first)
        #expect(eventually(within: 5) { (try? session.storedBody()) == "shared" })

        #expect(try session.runSecond(["--new-window"]).status == 0)
        let second = try session.focusNewWindow(besides: [first])
        #expect(session.desktop.windowTitles(matching: "Quire$") == ["shared — Quire", "shared — Quire"],
                "a new window shows the most recent note")
        try session.desktop.xdotool("key", "ctrl+End")
        try session.desktop.type(" words", into: second)
        #expect(eventually(within: 5) {
            session.desktop.windowTitles(matching: "Quire$") == ["shared words — Quire", "shared words — Quire"]
        }, "the first window shows the second's typing")

        _ = try session.focus(first)
        try session.desktop.xdotool("key", "ctrl+Home")
        try session.desktop.type("Our ", into: first)
        #expect(eventually(within: 5) {
            session.desktop.windowTitles(matching: "Quire$") == ["Our shared words — Quire", "Our shared words — Quire"]
        })

        // The second window's cursor was at the end; the insertion before it carried it along.
        _ = try session.focus(second)
        try session.desktop.type("!", into: second)
        #expect(eventually(within: 5) { (try? session.storedBody()) == "Our shared words!" }, "no echo, no lost text")
        _ = try session.waitForWindow(matching: "^Our shared words! — Quire$")
        session.keepScreenshot(named: "live-sync")
        #expect(try session.stop() == 0)
        #expect(try session.storedBody() == "Our shared words!")
    }
}
