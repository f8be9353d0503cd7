import Foundation
import NoteModel
import Testing
import TestSupport

/// Moving a note to the trash, from the keyboard, and taking it back with Undo.
@Suite("Trash, end to end", .serialized)
struct TrashTests {
    @Test("Move to Trash closes the note's own window, moves the main window on, and Undo brings the note back")
    func trashAndUndo() throws {
        let session = try QuireSession()
        try session.launch()
        let main = try session.waitForWindow(matching: "^New Note — Quire$")
        try session.desktop.type("Older note", into: main)
        #expect(eventually(within: 5) { (try? session.storedNotes().count) == 1 })
        try session.desktop.xdotool("key", "ctrl+n")
        try session.desktop.type("Shopping list", into: main)
        #expect(eventually(within: 5) { (try? session.storedNotes().map(\.title)) == ["Shopping list", "Older note"] })

        try session.desktop.xdotool("key", "ctrl+shift+o")
        _ = try session.focusNewWindow(besides: [main])
        let noteWindow = try #require(session.lifecycle.last { $0.callback == "scene(_:willConnectTo:options:)" }?.session)
        _ = try session.focus(main)
        try session.desktop.xdotool("key", "ctrl+Delete")

        session.waitForTrace { $0.contains { $0.callback == "application(_:didDiscardSceneSessions:)" } }
        #expect(session.lifecycle.first { $0.callback == "application(_:didDiscardSceneSessions:)" }?.sessions == [noteWindow],
                "the note's own window closed and its session was discarded")
        _ = try session.waitForWindow(matching: "^Older note — Quire$")
        #expect(session.windowIDs().count == 1)
        let store = try NoteStore(path: session.notesPath)
        #expect(try store.trashedNotes().map(\.title) == ["Shopping list"])
        session.keepScreenshot(named: "trash-banner")

        try session.desktop.xdotool("key", "Return")  // Undo has the focus
        _ = try session.waitForWindow(matching: "^Shopping list — Quire$")
        #expect(try store.trashedNotes().isEmpty)
        #expect(Set(try store.allNotes().map(\.title)) == ["Shopping list", "Older note"])
        #expect(try session.stop() == 0)
    }
}
