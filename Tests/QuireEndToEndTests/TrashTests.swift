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
        try session.writeNotes(["Older note", "Shopping list"], into: main)
        #expect(try session.storedNotes().map(\.title) == ["Shopping list", "Older note"])

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

    @Test("the Trash view restores a note, and Empty Trash asks first and deletes for good")
    func trashView() throws {
        let session = try QuireSession()
        try session.launch()
        let window = try session.waitForWindow(matching: "^New Note — Quire$")
        try session.writeNotes(["Keeper", "Old draft"], into: window)
        try session.desktop.xdotool("key", "ctrl+Delete")
        let store = try NoteStore(path: session.notesPath)
        #expect(eventually(within: 5) { (try? store.trashedNotes().map(\.title)) == ["Old draft"] })

        try session.desktop.xdotool("windowfocus", "--sync", window)
        try session.desktop.xdotool("key", "alt+t")  // the Trash toggle
        _ = try session.waitForWindow(matching: "^Old draft — Quire$")
        session.keepScreenshot(named: "trash-view")
        try session.desktop.xdotool("key", "alt+r")  // Restore
        #expect(eventually(within: 5) { (try? store.trashedNotes().isEmpty) == true })
        #expect(Set(try store.allNotes().map(\.title)) == ["Keeper", "Old draft"])

        try session.desktop.xdotool("key", "alt+t")  // back to the notes
        _ = try session.waitForWindow(matching: "^Old draft — Quire$")
        try session.desktop.xdotool("key", "ctrl+Delete")
        #expect(eventually(within: 5) { (try? store.trashedNotes().count) == 1 })
        try session.desktop.xdotool("windowfocus", "--sync", window)
        try session.desktop.xdotool("key", "alt+t")

        // Empty Trash asks first; Cancel has the focus, so Return keeps everything.
        try session.desktop.xdotool("key", "alt+e")
        let dialog = try session.waitForWindow(matching: "^Empty the Trash\\?$")
        try session.desktop.xdotool("windowfocus", "--sync", dialog)
        try session.desktop.xdotool("key", "Return")
        #expect(eventually(within: 5) { session.desktop.windowTitles(matching: "^Empty the Trash").isEmpty })
        #expect(try store.trashedNotes().count == 1, "cancelled: nothing deleted")

        try session.desktop.xdotool("windowfocus", "--sync", window)
        try session.desktop.xdotool("key", "alt+e")
        let again = try session.waitForWindow(matching: "^Empty the Trash\\?$")
        try session.desktop.xdotool("windowfocus", "--sync", again)
        try session.desktop.xdotool("key", "alt+e")  // the dialog's Empty Trash
        #expect(eventually(within: 5) { (try? store.trashedNotes().isEmpty) == true })
        #expect(try store.allNotes().map(\.title) == ["Keeper"], "the trashed note is gone for good")
        #expect(try session.stop() == 0)
    }
}
