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

    @Test("Undo in either window takes back the note's last change, whichever window made it, a toggled item in one step")
    func undoAcrossWindows() throws {
        let session = try QuireSession()
        try session.launch()
        let first = try session.waitForWindow(matching: "^New Note — Quire$")
        try session.desktop.type("- [ ] milk", into: first)
        #expect(eventually(within: 5) { (try? session.storedBody()) == "- [ ] milk" })
        #expect(try session.runSecond(["--new-window"]).status == 0)
        let second = try session.focusNewWindow(besides: [first])
        try session.desktop.xdotool("key", "ctrl+End")
        try session.desktop.type(" and eggs", into: second)
        #expect(eventually(within: 5) { (try? session.storedBody()) == "- [ ] milk and eggs" })

        // The other window's typing came in as steps of this window's Undo, and
        // left this window's own steps in place.
        _ = try session.focus(first)
        try session.desktop.xdotool("key", "ctrl+z")
        #expect(eventually(within: 5) { (try? session.storedBody()) == "- [ ] milk and" },
                "Undo in the first window took back the second window's last word")
        try session.desktop.xdotool("key", "ctrl+z")
        #expect(eventually(within: 5) { (try? session.storedBody()) == "- [ ] milk" }, "and then the word before")
        try session.desktop.xdotool("key", "ctrl+shift+z")
        #expect(eventually(within: 5) { (try? session.storedBody()) == "- [ ] milk and" }, "Redo puts them back")

        // A toggled item is two edits (a space out, an x in): one step in either window.
        _ = try session.focus(second)
        try session.desktop.xdotool("key", "ctrl+Return")
        #expect(eventually(within: 5) { (try? session.storedBody()) == "- [x] milk and" })
        _ = try session.focus(first)
        try session.desktop.xdotool("key", "ctrl+z")
        #expect(eventually(within: 5) { (try? session.storedBody()) == "- [ ] milk and" },
                "one Undo in the first window took the second's toggle back whole")
        try session.desktop.xdotool("key", "ctrl+shift+z")
        #expect(eventually(within: 5) { (try? session.storedBody()) == "- [x] milk and" })
        _ = try session.focus(second)
        try session.desktop.xdotool("key", "ctrl+z")
        #expect(eventually(within: 5) { (try? session.storedBody()) == "- [ ] milk and" },
                "one Undo in the second window took the first window's redo back whole")
        #expect(eventually(within: 5) {
            let titles = session.desktop.windowTitles(matching: "Quire$")
            return titles.count == 2 && Set(titles).count == 1
        }, "both windows show the same text")
        #expect(try session.stop() == 0)
        #expect(try session.storedBody() == "- [ ] milk and")
    }
}
