import Foundation
import NoteModel
import Testing
import TestSupport

/// Several notes selected in the list at once, by mouse (Ctrl+click) and by
/// keys (Shift+Down, Ctrl+A), and the note actions on them all: Move to
/// Trash, Delete Forever and Restore in the trash, Move to Category, Pin
/// Note and Export; each one step for Undo (Alt+U).
@Suite("Several notes at once, end to end", .serialized)
struct MultiSelectTests {
    /// Quire launched over notes titled `titles`, the last the newest (shown first, and in the window).
    private func launch(over titles: [String], environment: [String: String] = [:]) throws -> (QuireSession, NoteStore, String, AccessibilityTree) {
        let session = try QuireSession(accessibility: true)
        let store = try NoteStore(path: session.notesPath)
        let now = Date()
        for (index, title) in titles.enumerated() {
            try store.createNote(body: title, at: now.addingTimeInterval(Double(index - titles.count) * 60))
        }
        try session.launch(environment: environment)
        let window = try session.waitForWindow(matching: "^\(titles.last ?? "") — Quire$")
        return (session, store, window, try AccessibilityTree(desktop: session.desktop))
    }

    /// Clicks the row of the note `title`, with `modifier` held ("ctrl", "shift"; nil: none).
    private func click(
        _ title: String, holding modifier: String? = nil, in window: String, _ session: QuireSession, _ tree: AccessibilityTree,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let isRow: (AccessibilityTree.Element) -> Bool = { $0.role == "list item" && $0.name.hasPrefix(title) && ($0.frame?.width ?? 0) > 0 }
        let found = tree.elements(once: isRow)
        let row = try #require(found.first(where: isRow)?.frame,
                               "no row \(title) among \(found.filter { $0.role == "list item" }.map(\.name))", sourceLocation: sourceLocation)
        let point = ["\(row.x + row.width / 2)", "\(row.y + row.height / 2)"]
        try session.desktop.xdotool("mousemove", "--window", window, point[0], point[1])
        if let modifier { try session.desktop.xdotool("keydown", modifier) }
        try session.desktop.xdotool("click", "1")
        if let modifier { try session.desktop.xdotool("keyup", modifier) }
    }

    /// The titles of the notes outside the trash, sorted.
    private func kept(_ store: NoteStore) -> [String] { ((try? store.allNotes()) ?? []).map(\.title).sorted() }

    @Test("Ctrl+click selects several notes; Delete moves them all to the trash, one Undo brings them all back; in the trash Ctrl+A and Delete deletes them for good (Undo: back in the trash), and Restore takes them all out")
    func trashSeveral() throws {
        let (session, store, window, tree) = try launch(over: ["one", "two", "three", "four", "five"])
        try click("four", holding: "ctrl", in: window, session, tree)
        try click("two", holding: "ctrl", in: window, session, tree)
        #expect(eventually(within: 5) { ((try? tree.elements()) ?? []).filter { $0.role == "list item" && $0.isSelected }.count == 3 },
                "five, shown, and the two clicked are selected")
        session.keepScreenshot(named: "several-selected")
        try session.desktop.xdotool("key", "Delete")
        #expect(eventually(within: 10) { kept(store) == ["one", "three"] }, "\(kept(store))")
        #expect(!tree.elements(once: { $0.name == "3 notes moved to the trash" }).filter { $0.name == "3 notes moved to the trash" }.isEmpty)
        #expect(try session.undoFromToast(in: window) { kept(store) == ["five", "four", "one", "three", "two"] }, "one Undo for the three")

        // Into the trash again, then there: all of it selected, deleted for good, put back, restored.
        try click("four", in: window, session, tree)
        try click("two", holding: "ctrl", in: window, session, tree)
        try session.desktop.xdotool("key", "alt+Delete")
        #expect(eventually(within: 10) { kept(store) == ["five", "one", "three"] }, "\(kept(store))")
        try session.desktop.xdotool("windowfocus", "--sync", window)
        try session.desktop.xdotool("key", "alt+t")
        _ = try session.waitForWindow(matching: "Trash — Quire$")  // a trashed note's title, or the Trash's alone
        try click("four", in: window, session, tree)
        try session.desktop.xdotool("key", "ctrl+a", "Delete")
        #expect(eventually(within: 10) { ((try? store.trashedNotes()) ?? []).isEmpty }, "both deleted for good")
        #expect(!tree.elements(once: { $0.name == "2 notes deleted" }).filter { $0.name == "2 notes deleted" }.isEmpty, "the toast offers Undo")
        #expect(try session.undoFromToast(in: window) {
            ((try? store.trashedNotes()) ?? []).map(\.title).sorted() == ["four", "two"]
        }, "back in the trash")
        try click("four", in: window, session, tree)
        try session.desktop.xdotool("key", "ctrl+a", "alt+r")  // Restore
        #expect(eventually(within: 10) { kept(store) == ["five", "four", "one", "three", "two"] }, "\(kept(store))")
        #expect(try session.stop() == 0)
    }

    @Test("Move to Trash on selected notes closes the own window of one of them as the trash is asked for, not when it lands a moment later under whatever is being typed into it; the main window showing the note moves on then")
    func ownWindowClosesWithTheSelection() throws {
        let (session, store, window, tree) = try launch(over: ["one", "two", "three"], environment: ["QUIRE_TRACE_DOCUMENTS": "1"])
        let three = try #require(try store.allNotes().first { $0.title == "three" }?.id)
        let traced = String(three.uuidString.prefix(8))
        try session.desktop.xdotool("key", "ctrl+shift+o")  // Open in New Window: three, the note shown
        #expect(eventually(within: 10) { session.windowIDs().count == 2 && session.messages.contains("\(traced) attach windows=2") })
        try session.desktop.xdotool("windowraise", window)  // no window manager: the new window maps over it
        try session.desktop.xdotool("windowfocus", "--sync", window)
        try click("two", holding: "ctrl", in: window, session, tree)
        #expect(eventually(within: 5) { ((try? tree.elements()) ?? []).filter { $0.role == "list item" && $0.isSelected }.count == 2 })
        let asked = session.messages.utf8.count
        try session.desktop.xdotool("key", "Delete")
        #expect(eventually(within: 10) { kept(store) == ["one"] }, "\(kept(store))")
        #expect(eventually(within: 10) { session.windowIDs() == [window] })
        #expect(eventually(within: 5) { session.messages.contains("\(traced) removed") })
        let trace = String(decoding: session.messages.utf8.dropFirst(asked), as: UTF8.self)
        let closed = try #require(trace.range(of: "\(traced) detach windows=1"), "\(trace)")
        let removed = try #require(trace.range(of: "\(traced) removed"), "\(trace)")
        #expect(closed.lowerBound < removed.lowerBound, "its own window closed before the note was removed: \(trace)")
        #expect(try session.stop() == 0)
    }

    @Test("Shift+Down selects a range by keys and Move to Category files it all (Undo puts each back); Ctrl+A and Pin Note pin every note (Undo unpins); Export Note… writes the selected notes into a folder")
    func categoryPinExport() throws {
        let (session, store, window, tree) = try launch(over: ["one", "two", "three", "four"])
        try click("four", in: window, session, tree)
        try session.desktop.xdotool("key", "shift+Down", "shift+Down")
        try CategoryWindowTests.moveToCategory("Work", session)
        func filed() -> [String] { ((try? store.allNotes()) ?? []).filter { $0.category == "Work" }.map(\.title).sorted() }
        #expect(eventually(within: 10) { filed() == ["four", "three", "two"] }, "\(filed())")
        let sidebar = PinTests.rows(tree) { $0.contains("Work, 3 notes") }
        #expect(sidebar.contains("Work, 3 notes") && sidebar.contains("All Notes"), "the first category brings the sidebar: \(sidebar)")
        #expect(try session.undoFromToast(in: window) { filed().isEmpty }, "one Undo puts the three back")

        try click("one", in: window, session, tree)
        try session.desktop.xdotool("key", "ctrl+a")
        func pinned() -> Int { ((try? store.allNotes()) ?? []).filter { (try? store.isPinned($0.id)) == true }.count }
        // The row menu of a selected row: Open in New Window, Pin Note, Export Note…
        #expect(try session.chooseFromRowMenu(in: window, keys: ["Down", "Return"]) { eventually(within: 5) { pinned() == 4 } })
        #expect(!tree.elements(once: { $0.name == "4 notes pinned" }).filter { $0.name == "4 notes pinned" }.isEmpty, "the toast offers Undo")
        #expect(try session.undoFromToast(in: window) { pinned() == 0 }, "one Undo unpins all four")

        let out = session.desktop.directory.file("exported")
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        var chooser: String?
        _ = try session.chooseFromRowMenu(in: window, keys: ["Down", "Down", "Return"]) {
            chooser = try? session.waitForWindow(matching: "^Export Notes$", seconds: 5)
            return chooser != nil
        }
        let folderChooser = try #require(chooser, "Export Note… with several notes asks for a folder")
        try session.desktop.xdotool("windowfocus", "--sync", folderChooser)
        try session.desktop.xdotool("key", "ctrl+l")
        try session.desktop.type(out + "/", into: folderChooser)
        try session.desktop.xdotool("key", "alt+e")  // _Export
        #expect(eventually(within: 10) {
            ((try? FileManager.default.contentsOfDirectory(atPath: out)) ?? []).sorted() == ["four.md", "one.md", "three.md", "two.md"]
        })
        #expect(try session.stop() == 0)
    }
}
