import Foundation
import NoteModel
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

    @Test("a note left for another and shown again takes up its Undo history where it was; changed elsewhere meanwhile, it starts afresh")
    func historyKeptAcrossNotes() throws {
        let session = try QuireSession(accessibility: true)
        try session.launch()
        let window = try session.waitForWindow(matching: "^New Note — Quire$")
        try session.desktop.type("Alpha\nkeep this line", into: window)
        func body(_ title: String) -> String? { (try? session.storedNotes())?.first { $0.title == title }?.body }
        #expect(eventually(within: 5) { body("Alpha") == "Alpha\nkeep this line" })
        try session.desktop.xdotool("key", "shift+Home", "BackSpace")  // the line deleted by mistake
        #expect(eventually(within: 5) { body("Alpha") == "Alpha\n" })
        try session.desktop.xdotool("key", "ctrl+n")
        try session.desktop.type("Beta", into: window)
        #expect(eventually(within: 5) { body("Beta") == "Beta" })

        // Back to Alpha (found with Ctrl+F): Ctrl+Z puts the line back.
        func open(_ title: String) throws {
            try session.desktop.xdotool("key", "ctrl+f", "ctrl+a")
            try session.desktop.type(title + "\n", into: window)
            _ = try session.waitForWindow(matching: "^\(title) — Quire$")
        }
        try open("Alpha")
        try session.desktop.xdotool("key", "ctrl+z")
        #expect(eventually(within: 5) { body("Alpha") == "Alpha\nkeep this line" }, "\(String(describing: body("Alpha")))")

        // Left again, and changed by another program meanwhile: its history does not fit, and goes.
        try open("Beta")
        try session.desktop.xdotool("key", "ctrl+f", "ctrl+a", "BackSpace")  // every note in the list again
        let alpha = try #require(try session.storedNotes().first { $0.title == "Alpha" })
        try NoteStore(path: session.notesPath).updateBody(of: alpha.id, to: "Alpha\nrewritten elsewhere")
        let tree = try AccessibilityTree(desktop: session.desktop)
        #expect(eventually(within: 10) { ((try? tree.elements()) ?? []).contains { $0.about == "rewritten elsewhere" } },
                "Quire has seen the change: Alpha's row shows it")
        try open("Alpha")
        try session.desktop.xdotool("key", "ctrl+z", "ctrl+End")
        try session.desktop.type("!", into: window)
        #expect(eventually(within: 5) { body("Alpha") == "Alpha\nrewritten elsewhere!" }, "\(String(describing: body("Alpha")))")
        #expect(try session.stop() == 0)
    }
}
