import Foundation
import NoteModel
import Testing
import TestSupport

/// Lists and checklists typed as a person types them: Return continues a list
/// and ends it, Ctrl+Return and a click check a task (Ctrl+Return also makes
/// one), Tab indents. Checked
/// through the text stored.
@Suite("Lists and checklists", .serialized)
struct ListEditingTests {
    @Test("Return continues bullets, numbers and tasks and ends an empty item; Ctrl+Return and a click check a task; Tab indents; Backspace after a marker takes it off; none of it in a code block")
    func listsAndTasks() throws {
        let session = try QuireSession(accessibility: true)
        try session.launch()
        let window = try session.waitForWindow(matching: "^New Note — Quire$")
        // Return after eggs starts an empty item, Return again ends the list (the
        // marker goes, the line stays), and a third Return makes a blank line.
        try session.desktop.type("Groceries\n- [ ] milk\neggs\n\n\n1. one\ntwo", into: window)
        #expect(session.stores("Groceries\n- [ ] milk\n- [ ] eggs\n\n1. one\n2. two"), "\(String(describing: try? session.storedBody()))")

        // Ctrl+Return on milk's line checks it; Ctrl+Z takes that back in one step.
        try session.desktop.xdotool("key", "ctrl+Home", "Down", "End")
        try session.desktop.xdotool("key", "ctrl+Return")
        #expect(session.stores("Groceries\n- [x] milk\n- [ ] eggs\n\n1. one\n2. two"))
        try session.desktop.xdotool("key", "ctrl+z")
        #expect(session.stores("Groceries\n- [ ] milk\n- [ ] eggs\n\n1. one\n2. two"))

        // Tab indents eggs under milk, Shift+Tab brings it back.
        try session.desktop.xdotool("key", "Down")
        try session.desktop.xdotool("key", "Tab")
        #expect(session.stores("Groceries\n- [ ] milk\n  - [ ] eggs\n\n1. one\n2. two"))
        try session.desktop.xdotool("key", "shift+Tab")
        #expect(session.stores("Groceries\n- [ ] milk\n- [ ] eggs\n\n1. one\n2. two"))

        // A click on eggs' box (the lower of the two blue boxes on screen) checks it.
        let box = try #require(
            session.awaitedBox(of: MarkdownTests.linkBlue, in: window, left: MarkdownTests.notePane, shot: "task-boxes"),
            "the task boxes are drawn in blue")
        try session.desktop.xdotool("mousemove", "--window", window, "\(box.x + box.width / 2)", "\(box.y + box.height - 4)")
        try session.desktop.xdotool("click", "1")
        #expect(session.stores("Groceries\n- [ ] milk\n- [x] eggs\n\n1. one\n2. two"))

        // The note's row in the list shows the checklist's progress.
        let tree = try AccessibilityTree(desktop: session.desktop)
        let rows = tree.elements { $0.role == "list item" && $0.name.contains("1 of 2 tasks done") }.filter { $0.role == "list item" }
        #expect(rows.map(\.name) == ["Groceries, 1 of 2 tasks done, just now"], "\(rows)")

        // Return after two, then Backspace: the new item's number goes at once, and a plain line is typed.
        try session.desktop.xdotool("key", "ctrl+End", "Return", "BackSpace")
        try session.desktop.xdotool("type", "--delay", "12", "done")
        #expect(session.stores("Groceries\n- [ ] milk\n- [x] eggs\n\n1. one\n2. two\ndone"))

        // In a fenced code block, a line like an item is code: Return adds no marker, so the fence still closes.
        try session.desktop.xdotool("key", "Return")
        try session.desktop.type("```\n- a: 1\nb: 2\n```", into: window)
        #expect(session.stores("Groceries\n- [ ] milk\n- [x] eggs\n\n1. one\n2. two\ndone\n```\n- a: 1\nb: 2\n```"),
                "\(String(describing: try? session.storedBody()))")
        #expect(try session.stop() == 0)
    }

    @Test("Return continues a quote and ends it with a blank line; a list in a quote continues in it; Backspace after the marks and Ctrl+Return work there too")
    func quotes() throws {
        let session = try QuireSession()
        try session.launch()
        let window = try session.waitForWindow(matching: "^New Note — Quire$")
        // Return on an empty quoted line ends the quote: Markdown reads a line right
        // after a quote as part of it, so a blank line is left between.
        try session.desktop.type("Said\n> first\nsecond\n\nafter", into: window)
        #expect(session.stores("Said\n> first\n> second\n\nafter"), "\(String(describing: try? session.storedBody()))")

        // A list in a quote goes on in the quote, and an empty item ends the list, not the quote.
        try session.desktop.type("\n> - milk\neggs\n\nend", into: window)
        #expect(session.stores("Said\n> first\n> second\n\nafter\n> - milk\n> - eggs\n> end"),
                "\(String(describing: try? session.storedBody()))")

        // Backspace right after the marks Return put there takes them off; Ctrl+Return on a quoted line makes a quoted task.
        try session.desktop.xdotool("key", "Return", "BackSpace")
        try session.desktop.type("plain", into: window)
        try session.desktop.xdotool("key", "Up", "ctrl+Return")
        let before = "Said\n> first\n> second\n\nafter\n> - milk\n> - eggs\n> - [ ] end\nplain"
        #expect(session.stores(before), "\(String(describing: try? session.storedBody()))")

        // Tab on a quoted numbered item starts a sub-list at 1 in the quote; Shift+Tab numbers it on again.
        try session.desktop.xdotool("key", "ctrl+End", "Return")
        try session.desktop.type("> 1. a\nb", into: window)
        #expect(session.stores(before + "\n> 1. a\n> 2. b"), "\(String(describing: try? session.storedBody()))")
        try session.desktop.xdotool("key", "Tab")
        #expect(session.stores(before + "\n> 1. a\n>    1. b"), "\(String(describing: try? session.storedBody()))")
        try session.desktop.xdotool("key", "shift+Tab")
        #expect(session.stores(before + "\n> 1. a\n> 2. b"), "\(String(describing: try? session.storedBody()))")
        #expect(try session.stop() == 0)
    }

    @Test("in a Hebrew checklist a task checked with Ctrl+Return stays right to left (its box, filled, at the right edge) and keeps its x in the note; a click on the box unchecks it")
    func rightToLeftTaskChecked() throws {
        let session = try QuireSession()
        let store = try NoteStore(path: session.notesPath)
        try store.createNote(body: "קניות לשבת\n- [ ] חלב ולחם\n- [ ] ביצים")
        try session.launch()
        let window = try session.waitForWindow(matching: "^קניות לשבת — Quire$")
        let pane = MarkdownTests.notePane
        let middle = (pane + (try session.desktop.geometry(of: window).width)) / 2
        let open = try #require(session.awaitedBox(of: MarkdownTests.linkBlue, in: window, left: pane, shot: "rtl-tasks-open"))
        #expect(open.x > middle, "open boxes at the right edge: \(open), the note pane's middle at \(middle)")

        try session.desktop.xdotool("windowfocus", "--sync", window)
        try session.desktop.xdotool("key", "ctrl+Home", "Down", "ctrl+Return")
        #expect(session.stores("קניות לשבת\n- [x] חלב ולחם\n- [ ] ביצים"), "\(String(describing: try? session.storedBody()))")
        var checked = open
        #expect(eventually(within: 10) {
            checked = (try? session.box(of: MarkdownTests.linkBlue, in: window, left: pane, shot: "rtl-tasks-checked")) ?? nil ?? open
            return checked.height > open.height / 2 && checked.x > middle && checked != open
        }, "the checked box, filled, still at the right edge: \(checked), open \(open), the middle at \(middle)")
        session.keepScreenshot(named: "rtl-task-checked")

        // A click on the filled box (the upper of the two, near its right end) unchecks it.
        try session.desktop.xdotool("mousemove", "--window", window, "\(checked.x + checked.width - 4)", "\(checked.y + 5)")
        try session.desktop.xdotool("click", "1")
        #expect(session.stores("קניות לשבת\n- [ ] חלב ולחם\n- [ ] ביצים"), "\(String(describing: try? session.storedBody()))")
        #expect(try session.stop() == 0)
    }

    @Test("Ctrl+Return makes a line a task: text, a list item or an empty line, each one step for Undo; on a heading it does nothing")
    func ctrlReturnMakesTasks() throws {
        let session = try QuireSession()
        try session.launch()
        let window = try session.waitForWindow(matching: "^New Note — Quire$")
        try session.desktop.type("# Packing\nsocks\n- hat", into: window)
        #expect(session.stores("# Packing\nsocks\n- hat"))

        try session.desktop.xdotool("key", "ctrl+Home", "ctrl+Return")  // the heading: no task, no line break
        try session.desktop.xdotool("key", "Down", "ctrl+Return")
        #expect(session.stores("# Packing\n- [ ] socks\n- hat"), "\(String(describing: try? session.storedBody()))")
        try session.desktop.xdotool("key", "Down", "ctrl+Return")
        #expect(session.stores("# Packing\n- [ ] socks\n- [ ] hat"))
        try session.desktop.xdotool("key", "ctrl+Return")  // now a task: checked
        #expect(session.stores("# Packing\n- [ ] socks\n- [x] hat"))
        try session.desktop.xdotool("key", "ctrl+z")
        #expect(session.stores("# Packing\n- [ ] socks\n- [ ] hat"))
        try session.desktop.xdotool("key", "ctrl+z")
        #expect(session.stores("# Packing\n- [ ] socks\n- hat"), "making the task was one step")

        // Return twice after hat ends the list on an empty line; Ctrl+Return there starts a checklist.
        try session.desktop.xdotool("key", "ctrl+End", "Return", "Return", "ctrl+Return")
        try session.desktop.type("tent", into: window)
        #expect(session.stores("# Packing\n- [ ] socks\n- hat\n- [ ] tent"), "\(String(describing: try? session.storedBody()))")
        #expect(try session.stop() == 0)
    }

    @Test("a task checked in the note's own window is checked in the main window showing it, and in its row's progress")
    func taskInAnotherWindow() throws {
        let session = try QuireSession(accessibility: true)
        try session.launch()
        let main = try session.waitForWindow(matching: "^New Note — Quire$")
        let body = "Trip\n- [ ] tickets and seats\n- [ ] passport"
        try session.desktop.type("Trip\n- [ ] tickets and seats\npassport", into: main)
        #expect(session.stores(body))
        let before = try session.settledInk(in: main, left: MarkdownTests.notePane, shot: "task-main-before")

        try session.desktop.xdotool("key", "ctrl+shift+o")  // Open in New Window
        let note = try session.focusNewWindow(besides: [main])
        // The note window opens over the main window: its boxes are the ones left of
        // where the main window's note pane starts (until it draws, the main window's show).
        var found: (x: Int, y: Int, width: Int, height: Int)?
        _ = eventually(within: 10) {
            found = try? session.box(of: MarkdownTests.linkBlue, in: note, shot: "task-note-window")
            return (found?.x ?? .max) < MarkdownTests.notePane
        }
        let box = try #require(found, "the boxes are drawn in blue")
        // The upper box: tickets.
        try session.desktop.xdotool("mousemove", "--window", note, "\(box.x + box.width / 2)", "\(box.y + 4)")
        try session.desktop.xdotool("click", "1")
        #expect(session.stores("Trip\n- [x] tickets and seats\n- [ ] passport"))

        // The main window shows the item checked: dimmed, so less dark ink.
        // The test's X server has no window manager: the main window is raised by hand.
        try session.desktop.xdotool("windowraise", main)
        _ = try session.focus(main)
        #expect(try eventually(within: 5) {
            // Still dark: the title and the open item; no longer: the checked one.
            let after = try session.settledInk(in: main, left: MarkdownTests.notePane, shot: "task-main-after")
            return Double(after.pixels) < Double(before.pixels) * 0.85 && Double(after.pixels) > Double(before.pixels) * 0.3
        }, "the checked item is dimmed in the main window too")
        let tree = try AccessibilityTree(desktop: session.desktop)
        let rows = tree.elements { $0.role == "list item" && $0.name.hasPrefix("Trip") }.filter { $0.role == "list item" }
        #expect(rows.map(\.name) == ["Trip, 1 of 2 tasks done, just now"], "\(rows)")
        #expect(try session.stop() == 0)
    }

    @Test("Tab on a numbered item starts a sub-list at 1 and the items after it close the gap; Shift+Tab puts the numbers back; selected items move together; each one step for Undo")
    func numberedIndent() throws {
        let session = try QuireSession()
        try session.launch()
        let window = try session.waitForWindow(matching: "^New Note — Quire$")
        try session.desktop.type("Trip\n1. pack\nbook\nsub item\nship", into: window)
        #expect(session.stores("Trip\n1. pack\n2. book\n3. sub item\n4. ship"), "\(String(describing: try? session.storedBody()))")
        try session.desktop.xdotool("key", "Up", "End", "Tab")
        #expect(session.stores("Trip\n1. pack\n2. book\n   1. sub item\n3. ship"), "\(String(describing: try? session.storedBody()))")
        try session.desktop.xdotool("key", "Down", "End", "Tab")
        #expect(session.stores("Trip\n1. pack\n2. book\n   1. sub item\n   2. ship"), "\(String(describing: try? session.storedBody()))")
        try session.desktop.xdotool("key", "Up", "shift+Tab")
        #expect(session.stores("Trip\n1. pack\n2. book\n3. sub item\n   1. ship"), "\(String(describing: try? session.storedBody()))")
        try session.desktop.xdotool("key", "ctrl+z")
        #expect(session.stores("Trip\n1. pack\n2. book\n   1. sub item\n   2. ship"), "one Undo takes the whole move back")

        // Selected together, items move together: Shift+Tab on both sub items, then Tab, each one Undo step.
        try session.desktop.xdotool("key", "ctrl+End", "shift+Up")
        try session.desktop.xdotool("key", "shift+Tab")
        #expect(session.stores("Trip\n1. pack\n2. book\n3. sub item\n4. ship"), "\(String(describing: try? session.storedBody()))")
        try session.desktop.xdotool("key", "Tab")
        #expect(session.stores("Trip\n1. pack\n2. book\n   1. sub item\n   2. ship"), "\(String(describing: try? session.storedBody()))")
        try session.desktop.xdotool("key", "ctrl+z")
        #expect(session.stores("Trip\n1. pack\n2. book\n3. sub item\n4. ship"), "one Undo takes the move of both back")
        #expect(try session.stop() == 0)
    }

    @Test("an item put into a numbered list with Return, or taken out with Backspace, renumbers the items after it, in one Undo step; a list of \"1.\" alone stays so")
    func numbersFollowOn() throws {
        let session = try QuireSession()
        try session.launch()
        let window = try session.waitForWindow(matching: "^New Note — Quire$")
        try session.desktop.type("Steps\n1. one\ntwo\nthree", into: window)
        #expect(session.stores("Steps\n1. one\n2. two\n3. three"), "\(String(describing: try? session.storedBody()))")
        // Backspace right after the first number: the list now starts at two.
        try session.desktop.xdotool("key", "ctrl+Home", "Down", "Home", "Right", "Right", "Right", "BackSpace")
        #expect(session.stores("Steps\none\n1. two\n2. three"), "\(String(describing: try? session.storedBody()))")
        try session.desktop.xdotool("key", "ctrl+z")
        #expect(session.stores("Steps\n1. one\n2. two\n3. three"), "one Undo puts the number and those after it back")
        // Return after one: a new second item, and two and three follow on.
        try session.desktop.xdotool("key", "ctrl+Home", "Down", "End", "Return")
        try session.desktop.xdotool("type", "--delay", "12", "half")
        #expect(session.stores("Steps\n1. one\n2. half\n3. two\n4. three"), "\(String(describing: try? session.storedBody()))")
        try session.desktop.xdotool("key", "ctrl+z")
        try session.desktop.xdotool("key", "ctrl+z")
        #expect(session.stores("Steps\n1. one\n2. two\n3. three"), "the typing, then the new item and its renumbering, each one Undo step")
        // A list written "1." at every item (Markdown numbers it) keeps its style: the new item is "1." too, the rest unchanged.
        try session.desktop.xdotool("key", "ctrl+End", "Return", "Return", "Return")
        try session.desktop.xdotool("type", "--delay", "12", "1. a")
        try session.desktop.xdotool("key", "Return", "BackSpace")  // the new "2. " taken off
        try session.desktop.xdotool("type", "--delay", "12", "1. b")
        try session.desktop.xdotool("key", "Up", "End", "Return")
        try session.desktop.xdotool("type", "--delay", "12", "c")
        #expect(session.stores("Steps\n1. one\n2. two\n3. three\n\n1. a\n1. c\n1. b"), "\(String(describing: try? session.storedBody()))")
        try session.desktop.xdotool("key", "ctrl+End", "Return")
        try session.desktop.xdotool("type", "--delay", "12", "d")
        #expect(session.stores("Steps\n1. one\n2. two\n3. three\n\n1. a\n1. c\n1. b\n1. d"), "at its end too")
        #expect(try session.stop() == 0)
    }

    @Test("Return on the last item of a note longer than the window: the new item shows at once, before anything is typed into it")
    func newItemAtTheEndShows() throws {
        let session = try QuireSession()
        // Plain lines, so the one task at the end is the only blue box: the new item's box is the second.
        let body = "Long list\n" + (1...300).map { "line \($0)" }.joined(separator: "\n") + "\n- [ ] last"
        try NoteStore(path: session.notesPath).createNote(body: body)
        try session.launch()
        let window = try session.waitForWindow(matching: "^Long list — Quire$")
        _ = try session.focus(window)
        try session.desktop.xdotool("mousemove", "--window", window, "600", "300", "click", "1")
        try session.desktop.xdotool("key", "ctrl+End")
        let pane = MarkdownTests.notePane
        var before: (x: Int, y: Int, width: Int, height: Int)?
        #expect(eventually(within: 5) {
            before = try? session.box(of: MarkdownTests.linkBlue, in: window, left: pane, shot: "list-end-before")
            return before != nil
        }, "the last item's box shows")
        try session.desktop.xdotool("key", "Return")
        #expect(eventually(within: 5) { (try? session.storedNotes().first?.body) == body + "\n- [ ] " }, "a new item")
        var after: (x: Int, y: Int, width: Int, height: Int)?
        #expect(eventually(within: 5) {
            after = try? session.box(of: MarkdownTests.linkBlue, in: window, left: pane, shot: "list-end-after")
            return (after?.height ?? 0) > (before?.height ?? 0) + 8
        }, "two boxes show, one line above the other: \(String(describing: before)) then \(String(describing: after))")
        #expect(try session.stop() == 0)
    }
}
