import Foundation
import Testing
import TestSupport

/// Quire as a screen reader and a keyboard-only person meet it: the
/// accessibility tree read over AT-SPI, and the list and editor driven by keys.
@Suite("Accessibility, end to end", .serialized)
struct AccessibilityTests {
    /// Roles of the things a person operates (as AT-SPI names them).
    static let controlRoles: Set<String> = [
        "button", "toggle button", "check box", "radio button", "text box", "entry", "search box",
        "list", "list item", "menu", "menu item", "combo box", "slider", "spin button",
    ]

    @Test("a header bar button says what it does when the pointer rests on it, and a screen reader reads the same")
    func tooltips() throws {
        let session = try QuireSession(accessibility: true)
        try session.launch()
        let window = try session.waitForWindow(matching: "^New Note — Quire$")
        session.waitForTrace { $0.contains { $0.callback == "first-frame" } }
        let buttons = try AccessibilityTree(desktop: session.desktop).elements { $0.role == "button" && $0.name == "New Note" }
            .filter { $0.role == "button" }
        let newNote = try #require(buttons.first { $0.name == "New Note" }, "\(buttons)")
        #expect(newNote.about == "Start a new note (Ctrl+N)", "\(newNote.about)")
        #expect(buttons.first { $0.name == "Main Menu" }?.about == "Main Menu", "\(buttons.map(\.about))")

        let frame = try #require(newNote.frame)
        #expect(try session.popUp {
            try session.desktop.xdotool("mousemove", "--window", window, "\(frame.x + frame.width / 2)", "\(frame.y + frame.height / 2)")
        }, "the tooltip shows")
        session.keepScreenshot(named: "tooltip")
        #expect(try session.stop() == 0)
    }

    @Test("every control is named and has a role, as a screen reader reads them over AT-SPI")
    func controlsAreNamed() throws {
        let session = try QuireSession(accessibility: true)
        try session.launch()
        let window = try session.waitForWindow(matching: "^New Note — Quire$")
        try session.writeNotes(["First", "Second"], into: window)
        session.waitForTrace { $0.contains { $0.callback == "first-frame" } }
        try session.openPrimaryMenu()
        let elements = try AccessibilityTree(desktop: session.desktop).elements { $0.role == "menu item" }
        let tree = elements.map(\.description).joined(separator: "\n")

        let controls = elements.filter { AccessibilityTests.controlRoles.contains($0.role) }
        #expect(controls.count >= 15, "the window's controls and its open menu are in the tree:\n\(tree)")
        for control in controls {
            #expect(!control.name.isEmpty && !control.name.hasPrefix("Gtk"), "\(control.role) has a name of its own:\n\(tree)")
        }
        let named = Set(controls.map { "\($0.role): \($0.name)" })
        for expected in ["search box: Search notes", "list: Notes", "text box: Note text", "button: New Note",
                         "button: Trash", "button: Main Menu", "list item: Second, just now", "list item: First, just now", "menu: Main Menu", "menu item: New Window",
                         "menu item: Keyboard Shortcuts", "menu item: About Quire", "menu item: Quit"] {
            #expect(named.contains(expected), "\(expected) is in the tree:\n\(tree)")
        }
        #expect(elements.contains { $0.role == "window" && $0.name == "Second — Quire" })
        try session.desktop.xdotool("key", "Escape")
        #expect(try session.stop() == 0)
    }

    @Test("search, the note list and the editor are reachable and work with the keyboard alone")
    func keyboardOnly() throws {
        let session = try QuireSession()
        try session.launch()
        let window = try session.waitForWindow(matching: "^New Note — Quire$")
        try session.writeNotes(["First", "Second"], into: window)  // Ctrl+N between them
        _ = try session.waitForWindow(matching: "^Second — Quire$")

        try session.desktop.xdotool("key", "ctrl+f")  // the search entry
        try session.desktop.xdotool("key", "Tab")  // on to the note list
        try session.desktop.xdotool("key", "Down")  // the next row: its note opens in the editor
        _ = try session.waitForWindow(matching: "^First — Quire$")
        try session.desktop.xdotool("key", "Tab")  // on to the editor
        try session.desktop.xdotool("type", "--delay", "12", " and more")
        #expect(eventually(within: 5) { (try? session.storedNotes().map(\.body).sorted()) == ["First and more", "Second"] }, "\((try? session.storedNotes().map(\.body)) ?? [])")

        // F10 and the arrow keys work the menu (F8 and the arrows move the pane divider: ListPaneTests).
        try session.openPrimaryMenu()
        try session.desktop.xdotool("key", "Up", "Return")  // up from the first item wraps to the last: Quit
        #expect(session.process?.waitForExit(seconds: 10) == 0, "Quit, chosen from the keyboard, quit")
    }
}
