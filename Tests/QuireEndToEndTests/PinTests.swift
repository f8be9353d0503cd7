import Foundation
import NoteModel
import Testing
import TestSupport

/// Pin Note, as a person uses it: from a list row's menu and from the window's
/// menu, seen in every main window's list and after a relaunch.
@Suite("Pin Note", .serialized)
struct PinTests {
    /// The names of the list rows a screen reader finds, window after window.
    static func rows(_ tree: AccessibilityTree, once wanted: @escaping ([String]) -> Bool) -> [String] {
        var rows: [String] = []
        _ = eventually(within: 10) {
            rows = ((try? tree.elements()) ?? []).filter { $0.role == "list item" }.map(\.name)
            return wanted(rows)
        }
        return rows
    }

    /// The first word of each row's name: the note's title.
    static func titles(_ rows: [String]) -> [String] { rows.map { String($0.prefix { $0 != "," }) } }

    @Test("Pin Note puts a note first in every window's list with a pin, the window menu's check box unpins it, and a pin survives relaunch")
    func pinAndUnpin() throws {
        let session = try QuireSession(accessibility: true)
        let now = Date()
        let store = try NoteStore(path: session.notesPath)
        let ids = try store.importNotes([
            (body: "Oldest", modifiedAt: now.addingTimeInterval(-300)),
            (body: "Middle", modifiedAt: now.addingTimeInterval(-200)),
            (body: "Newest", modifiedAt: now.addingTimeInterval(-100)),
        ])
        let middle = ids[1]
        try session.launch()
        let first = try session.waitForWindow(matching: "^Newest — Quire$")
        try session.desktop.xdotool("windowfocus", "--sync", first)
        try session.desktop.xdotool("key", "ctrl+shift+n")
        let second = try session.focusNewWindow(besides: [first])
        let tree = try AccessibilityTree(desktop: session.desktop)
        let unpinnedOrder = Array(repeating: ["Newest", "Middle", "Oldest"], count: 2).flatMap { $0 }
        #expect(PinTests.titles(PinTests.rows(tree) { PinTests.titles($0) == unpinnedOrder }) == unpinnedOrder)

        // The first window's second row, Middle: its menu's second item is Pin Note.
        _ = try session.focus(first)
        let pinned = try session.chooseFromRowMenu(in: first, keys: ["Down", "Return"]) {
            eventually(within: 3) { (try? store.isPinned(middle)) == true }
        }
        #expect(pinned, "the row's menu pinned Middle")
        let pinnedOrder = Array(repeating: ["Middle", "Newest", "Oldest"], count: 2).flatMap { $0 }
        let rows = PinTests.rows(tree) { PinTests.titles($0) == pinnedOrder }
        #expect(PinTests.titles(rows) == pinnedOrder, "first in both windows: \(rows)")
        #expect(rows.filter { $0.contains(", pinned, ") }.count == 2, "each window's row says it is pinned: \(rows)")
        session.keepScreenshot(named: "pinned-note")

        // In the second window: select Middle (now the first row), then the menu's check box.
        _ = try session.focus(second)
        try session.desktop.xdotool("mousemove", "--window", second, "100", "\(QuireSession.secondRow.y - 54)")
        try session.desktop.xdotool("click", "1")
        _ = try session.waitForWindow(matching: "^Middle — Quire$")
        var checked: [AccessibilityTree.Element] = []
        for _ in 0..<3 where (try? store.isPinned(middle)) == true {
            try session.openPrimaryMenu()
            checked = tree.elements { $0.name == "Pin Note" }.filter { $0.name == "Pin Note" && $0.role == "menu item" }
            // New Note, New Window, Open in New Window, Pin Note.
            for key in ["Down", "Down", "Down", "Return"] { try session.desktop.xdotool("key", key) }
            _ = eventually(within: 3) { (try? store.isPinned(middle)) == false }
        }
        #expect(checked.count == 1 && checked[0].isChecked, "the menu showed Middle as pinned: \(checked)")
        #expect((try? store.isPinned(middle)) == false, "the menu's check box unpinned Middle")
        #expect(PinTests.titles(PinTests.rows(tree) { PinTests.titles($0) == unpinnedOrder }) == unpinnedOrder)

        // Pinned again from the menu, where the check box is now clear; then relaunched.
        for _ in 0..<3 where (try? store.isPinned(middle)) == false {
            try session.openPrimaryMenu()
            checked = tree.elements { $0.name == "Pin Note" }.filter { $0.name == "Pin Note" && $0.role == "menu item" }
            for key in ["Down", "Down", "Down", "Return"] { try session.desktop.xdotool("key", key) }
            _ = eventually(within: 3) { (try? store.isPinned(middle)) == true }
        }
        #expect(checked.count == 1 && !checked[0].isChecked, "the menu showed Middle as not pinned: \(checked)")
        #expect(try session.stop() == 0)
        try session.launch()
        _ = try session.waitForWindow(matching: "^Middle — Quire$")
        let relaunched = PinTests.rows(tree) { PinTests.titles($0) == pinnedOrder }
        #expect(PinTests.titles(relaunched) == pinnedOrder, "still first in both restored windows: \(relaunched)")
        #expect(try session.stop() == 0)
    }
}
