import Foundation
import Testing
import TestSupport

/// The main window's list pane, resized from the keyboard and restored.
@Suite("List pane width, end to end", .serialized)
struct ListPaneTests {
    @Test("the list pane's width, moved with F8 and the arrow keys, comes back as it was")
    func listWidthRestored() throws {
        let session = try QuireSession()
        try session.launch()
        let window = try session.waitForWindow(matching: "^New Note — Quire$")
        try session.writeNotes(["A note about widths"], into: window)
        session.waitForTrace { $0.contains { $0.callback == "first-frame" } }
        try session.desktop.xdotool("key", "F8")  // the pane handle takes the focus
        for _ in 0..<3 { try session.desktop.xdotool("key", "ctrl+Right") }
        try session.desktop.xdotool("key", "Return")
        try session.desktop.xdotool("key", "ctrl+q")
        #expect(session.process?.waitForExit(seconds: 10) == 0)
        let moved = try #require(try session.savedListWidth())
        #expect(moved > 300, "the handle moved right from 280: \(moved)")

        try session.launch()
        _ = try session.waitForWindow(matching: "^A note about widths — Quire$")
        session.waitForTrace { $0.contains { $0.callback == "first-frame" } }
        session.keepScreenshot(named: "list-pane-restored")
        try session.desktop.xdotool("key", "ctrl+q")
        #expect(session.process?.waitForExit(seconds: 10) == 0)
        #expect(try session.savedListWidth() == moved, "the restored window kept the width")
    }
}
