import Foundation
import NoteModel
import Testing
import TestSupport

/// The main window's list pane: resized from the keyboard and restored, and a
/// long list walked from end to end.
@Suite("List pane, end to end", .serialized)
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

    @Test("a list longer than its first pages: End reaches the oldest note, Home the newest, and the window keeps its note as pages load")
    func longListEnds() throws {
        let session = try QuireSession()
        let count = 2 * 2_000 + 500  // the first page, two later pages and part of a third
        let now = Date()
        _ = try NoteStore(path: session.notesPath).importNotes((1...count).map { number in
            (body: String(format: "Note %04d", number), modifiedAt: now.addingTimeInterval(Double(number - count)))
        })
        try session.launch()
        _ = try session.waitForWindow(matching: "^Note \(count) — Quire$")
        session.waitForTrace { $0.contains { $0.callback == "first-frame" } }
        try session.desktop.xdotool("key", "ctrl+f")  // the search field
        try session.desktop.xdotool("key", "Tab")  // on to the list, on the newest note's row
        try session.desktop.xdotool("key", "Down")
        _ = try session.waitForWindow(matching: "^Note \(count - 1) — Quire$")
        Thread.sleep(forTimeInterval: 1)  // the later pages load after the first frame, a few milliseconds each
        _ = try session.waitForWindow(matching: "^Note \(count - 1) — Quire$", seconds: 1)  // still on its note
        try session.desktop.xdotool("key", "End")
        _ = try session.waitForWindow(matching: "^Note 0001 — Quire$", seconds: 5)
        session.keepScreenshot(named: "long-list-end")
        try session.desktop.xdotool("key", "Home")
        _ = try session.waitForWindow(matching: "^Note \(count) — Quire$", seconds: 5)
        try session.desktop.xdotool("key", "ctrl+q")
        #expect(session.process?.waitForExit(seconds: 10) == 0)
    }
}
