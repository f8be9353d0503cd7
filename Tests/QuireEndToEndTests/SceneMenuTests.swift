import Foundation
import NoteModel
@testable import Scenes
import Testing
import TestSupport

/// The primary menu as a person uses it: by keyboard (F10 opens it) and with
/// the mouse on the window's close button.
@Suite("Scene lifecycle: menus and the close button", .serialized)
struct SceneMenuTests {
    @Test("New Window from the menu opens a window; the close button closes one and discards its session")
    func menuAndCloseButton() throws {
        let session = try QuireSession()
        try session.launch()
        let first = try session.waitForWindow(matching: "^New Note — Quire$")
        try session.desktop.type("from the menu", into: first)
        // The menu's second item is New Window. Keys that beat the popover's
        // keyboard focus go to the editor instead; then, like a person, try again.
        for _ in 0..<3 where session.connections < 2 {
            try session.openPrimaryMenu()
            for key in ["Down", "Return"] { try session.desktop.xdotool("key", key) }
            _ = eventually(within: 3) { session.connections >= 2 }
        }
        let second = try session.focusNewWindow(besides: [first])
        let created = session.lifecycle.filter { $0.callback == "application(_:configurationForConnecting:options:)" }.map(\.session)
        try #require(created.count == 2, "the menu opened a second window")
        session.keepScreenshot(named: "menu-second-window")

        // The new window lies on top of the first at the screen's corner; its close
        // button is the header bar's last control (720-pixel-wide window).
        // A click straight after the menu's popover closed can be swallowed; like a
        // person, click again if nothing happened. (Were a slow first click to land
        // after all, the retry would close the other window and fail the test.)
        for _ in 0..<3 {
            try session.desktop.xdotool("mousemove", "--window", second, "693", "27")
            try session.desktop.xdotool("click", "1")
            if eventually(within: 2, { session.trace.contains { $0.callback == "application(_:didDiscardSceneSessions:)" } }) {
                break
            }
            session.keepScreenshot(named: "close-click-missed")
        }
        #expect(session.lifecycle.first { $0.callback == "application(_:didDiscardSceneSessions:)" }?.sessions == [created[1]])
        #expect(try session.savedSessions().map(\.identifier) == [created[0]])
        #expect(session.desktop.windowTitles(matching: "Quire$") == ["from the menu — Quire"])
        #expect(try session.stop() == 0)
    }

    @Test("the Window menu lists a disconnected window and choosing it reconnects the window")
    func windowMenuReconnects() throws {
        let session = try QuireSession()
        try session.launch()
        let first = try session.waitForWindow(matching: "^New Note — Quire$")
        try session.desktop.type("alpha", into: first)
        #expect(try session.runSecond(["--new-window"]).status == 0)
        let second = try session.focusNewWindow(besides: [first])
        let ids = session.lifecycle.filter { $0.callback == "scene(_:willConnectTo:options:)" }.map(\.session)
        try session.desktop.xdotool("key", "ctrl+n")  // the new window shows "alpha"; start another note
        try session.desktop.type("beta", into: second)

        try session.desktop.xdotool("windowunmap", "--sync", first)
        session.waitForTrace { $0.contains { $0.session == ids[0] && $0.callback == "sceneDidEnterBackground(_:)" } }
        let action = try ChildProcess.run(
            "gapplication", ["action", "io.github.quire.Quire", "disconnect-background-scenes"],
            environment: session.environment(), outputDirectory: session.desktop.directory.path)
        #expect(action.status == 0)
        session.waitForTrace { $0.contains { $0.session == ids[0] && $0.callback == "sceneDidDisconnect(_:)" } }
        #expect(session.desktop.windowTitles(matching: "Quire$") == ["beta — Quire"])

        // The menu ends with Windows, Keyboard Shortcuts, Help, About Quire and Quit.
        // Up from the first item wraps to Quit; four more reach Windows, and Return
        // opens it: its heading, then the windows, most recent first (beta, alpha).
        let before = session.trace.count
        // Keys that beat the popover's keyboard focus go to the editor instead;
        // then, like a person, try again.
        let reconnected = { session.trace.dropFirst(before).contains { $0.callback == "sceneWillEnterForeground(_:)" && $0.session == ids[0] } }
        for _ in 0..<3 where !reconnected() {
            try session.desktop.xdotool("windowfocus", "--sync", second)
            try session.openPrimaryMenu()
            for key in ["Up", "Up", "Up", "Up", "Up", "Return", "Down", "Down", "Return"] { try session.desktop.xdotool("key", key) }
            _ = eventually(within: 3, reconnected)
        }
        session.waitForTrace { _ in reconnected() }
        #expect(Array(session.lifecycle(after: before).filter { $0.session == ids[0] }.map(\.callback).prefix(3)) == [
            "scene(_:willConnectTo:options:)", "scene(_:restoreInteractionStateWith:)", "sceneWillEnterForeground(_:)",
        ], "D: reconnected without asking for a configuration")
        _ = try session.waitForWindow(matching: "^alpha — Quire$")
        #expect(try session.stop() == 0)
    }

    @Test("the Window menu tells windows on the same note apart: main window or note window, numbered where alike, and a mark on the one in front")
    func windowMenuTellsWindowsApart() throws {
        let session = try QuireSession(accessibility: true)
        try session.launch()
        let main = try session.waitForWindow(matching: "^New Note — Quire$")
        try session.writeNotes(["Shopping list"], into: main)
        try session.desktop.xdotool("key", "ctrl+shift+o")
        let noteWindow = try session.focusNewWindow(besides: [main])
        _ = try session.focus(noteWindow)
        let tree = try AccessibilityTree(desktop: session.desktop)
        var items: [AccessibilityTree.Element] = []
        for _ in 0..<3 where !items.contains(where: { $0.name.contains("(note window)") }) {
            try session.openPrimaryMenu()
            items = tree.elements { $0.name.contains("(note window)") }.filter { $0.role == "menu item" && $0.name.hasPrefix("Shopping list") }
        }
        #expect(Set(items.map(\.name)) == ["Shopping list (note window)", "Shopping list (main window)"], "\(items)")
        #expect(items.filter(\.isChecked).map(\.name) == ["Shopping list (note window)"], "the window in front is marked: \(items)")
        try session.desktop.xdotool("key", "Escape")

        // A second main window on the same note: the two are numbered.
        _ = try session.focus(main)
        try session.desktop.xdotool("key", "ctrl+shift+n")
        let second = try session.focusNewWindow(besides: [main, noteWindow])
        _ = try session.focus(second)
        items = []
        for _ in 0..<3 where !items.contains(where: { $0.name.contains("(main window 2)") }) {
            try session.openPrimaryMenu()
            items = tree.elements { $0.name.contains("(main window 2)") }.filter { $0.role == "menu item" && $0.name.hasPrefix("Shopping list") }
        }
        #expect(Set(items.map(\.name)) == [
            "Shopping list (note window)", "Shopping list (main window 1)", "Shopping list (main window 2)",
        ], "\(items)")
        try session.desktop.xdotool("key", "Escape")
        #expect(try session.stop() == 0)
    }

    @Test("once the primary menu closes (Escape, the Windows submenu, an item that opens another window), the keys go back to the note")
    func keysGoBackToTheNote() throws {
        let session = try QuireSession(windowManager: true)  // it gives the focus back when the shortcuts window closes
        try session.launch()
        let window = try session.waitForWindow(matching: "^New Note — Quire$")
        try session.desktop.type("Typed", into: window)
        #expect(session.stores("Typed"))
        // Keys sent with the Escape, as a quick typist's: nothing waits for the focus to come back.
        try session.openPrimaryMenu()
        try session.desktop.xdotool("key", "Escape", "space", "o", "n", "e")
        #expect(session.stores("Typed one"), "after F10 and Escape")

        // The last items, from the bottom: About Quire, Help, Keyboard Shortcuts, Windows (a submenu).
        try session.openPrimaryMenu()
        for key in ["Up", "Up", "Up", "Up", "Up", "Return"] { try session.desktop.xdotool("key", key) }
        session.keepScreenshot(named: "menu-windows-submenu")
        try session.desktop.xdotool("key", "Escape", "space", "t", "w", "o")
        #expect(session.stores("Typed one two"), "after the Windows submenu and Escape")

        try session.openPrimaryMenu()
        for key in ["Up", "Up", "Up", "Up", "Return"] { try session.desktop.xdotool("key", key) }
        let shortcuts = try session.waitForWindow(matching: "^Keyboard Shortcuts$")
        #expect(session.desktop.activate(shortcuts))
        try session.desktop.xdotool("key", "Escape")
        #expect(eventually(within: 5) { session.desktop.windowTitles(matching: "^Keyboard Shortcuts$").isEmpty })
        #expect(session.desktop.activate(window))
        try session.desktop.xdotool("key", "space", "t", "h", "r", "e", "e")
        #expect(session.stores("Typed one two three"), "after Keyboard Shortcuts, opened from the menu, closed")
        #expect(try session.stop() == 0)
    }

    @Test("F10 and the keys after it sent back to back, in a window whose menu never opened: they open the Windows submenu, and trash nothing")
    func keysRacingTheMenu() throws {
        let session = try QuireSession()
        try session.launch()
        let window = try session.waitForWindow(matching: "^New Note — Quire$")
        try session.desktop.type("Keep me", into: window)
        #expect(session.stores("Keep me"))
        try session.desktop.xdotool("mousemove", "1279", "799")  // no menu item under the pointer
        // From the bottom: About Quire, Help, Keyboard Shortcuts, Windows (a submenu).
        try session.desktop.xdotool("key", "F10", "Up", "Up", "Up", "Up", "Up", "Return")
        _ = eventually(within: 3) { (try? NoteStore(path: session.notesPath).trashedNotes().isEmpty) == false }
        session.keepScreenshot(named: "menu-raced-keys")
        try session.desktop.xdotool("key", "Escape")
        #expect(try session.storedNotes().map(\.body) == ["Keep me"], "the note is not in the trash")
        #expect(try NoteStore(path: session.notesPath).trashedNotes().isEmpty)
        #expect(try session.stop() == 0)
    }
}
