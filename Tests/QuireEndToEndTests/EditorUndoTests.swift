import Foundation
import Testing
import TestSupport

/// Undo and redo in the editor, from the keyboard, checked in the stored note.
@Suite("Editor undo and redo, end to end", .serialized)
struct EditorUndoTests {
    @Test("Ctrl+Z takes typing back, Ctrl+Shift+Z and Ctrl+Y put it back, and a loaded note is never undone")
    func undoAndRedo() throws {
        let session = try QuireSession()
        try session.launch()
        let window = try session.waitForWindow(matching: "^New Note — Quire$")
        try session.desktop.type("Shopping", into: window)
        #expect(eventually(within: 5) { (try? session.storedBody()) == "Shopping" })
        try session.desktop.type("\nbread", into: window)
        #expect(eventually(within: 5) { (try? session.storedBody()) == "Shopping\nbread" })

        try session.desktop.xdotool("key", "ctrl+z")
        #expect(eventually(within: 5) { (try? session.storedBody()) == "Shopping\n" }, "undo took back the last word")
        try session.desktop.xdotool("key", "ctrl+shift+z")
        #expect(eventually(within: 5) { (try? session.storedBody()) == "Shopping\nbread" }, "redo put it back")
        try session.desktop.xdotool("key", "ctrl+z")
        #expect(eventually(within: 5) { (try? session.storedBody()) == "Shopping\n" })
        try session.desktop.xdotool("key", "ctrl+y")
        #expect(eventually(within: 5) { (try? session.storedBody()) == "Shopping\nbread" }, "Ctrl+Y puts it back too")

        // After a relaunch the note is loaded, not typed: there is nothing to undo.
        try session.desktop.xdotool("key", "ctrl+q")
        #expect(session.process?.waitForExit(seconds: 10) == 0)
        try session.launch()
        let restored = try session.waitForWindow(matching: "^Shopping — Quire$")
        try session.desktop.xdotool("windowfocus", "--sync", restored)
        try session.desktop.xdotool("key", "ctrl+z", "ctrl+z")
        try session.desktop.type("!", into: restored)
        #expect(eventually(within: 5) { (try? session.storedBody())?.contains("!") == true })
        let body = try session.storedBody() ?? ""
        #expect(body.hasPrefix("Shopping") && body.contains("bread"), "the loaded text is intact: \(body)")
        #expect(try session.stop() == 0)
    }
}
