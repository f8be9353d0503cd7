import Foundation
import Testing
import TestSupport

/// Lists and checklists typed as a person types them: Return continues a list
/// and ends it, Ctrl+Return and a click check a task, Tab indents. Checked
/// through the text stored.
@Suite("Lists and checklists", .serialized)
struct ListEditingTests {
    @Test("Return continues bullets, numbers and tasks and ends an empty item; Ctrl+Return and a click check a task; Tab indents")
    func listsAndTasks() throws {
        let session = try QuireSession(accessibility: true)
        try session.launch()
        let window = try session.waitForWindow(matching: "^New Note — Quire$")
        func stored(_ body: String) -> Bool {
            eventually(within: 10) { (try? session.storedBody()) == body }
        }
        // Return after eggs starts an empty item, Return again ends the list (the
        // marker goes, the line stays), and a third Return makes a blank line.
        try session.desktop.type("Groceries\n- [ ] milk\neggs\n\n\n1. one\ntwo", into: window)
        #expect(stored("Groceries\n- [ ] milk\n- [ ] eggs\n\n1. one\n2. two"), "\(String(describing: try? session.storedBody()))")

        // Ctrl+Return on milk's line checks it; Ctrl+Z takes that back in one step.
        try session.desktop.xdotool("key", "ctrl+Home", "Down", "End")
        try session.desktop.xdotool("key", "ctrl+Return")
        #expect(stored("Groceries\n- [x] milk\n- [ ] eggs\n\n1. one\n2. two"))
        try session.desktop.xdotool("key", "ctrl+z")
        #expect(stored("Groceries\n- [ ] milk\n- [ ] eggs\n\n1. one\n2. two"))

        // Tab indents eggs under milk, Shift+Tab brings it back.
        try session.desktop.xdotool("key", "Down")
        try session.desktop.xdotool("key", "Tab")
        #expect(stored("Groceries\n- [ ] milk\n  - [ ] eggs\n\n1. one\n2. two"))
        try session.desktop.xdotool("key", "shift+Tab")
        #expect(stored("Groceries\n- [ ] milk\n- [ ] eggs\n\n1. one\n2. two"))

        // A click on eggs' box (the lower of the two blue boxes on screen) checks it.
        let box = try #require(
            try session.box(of: MarkdownTests.linkBlue, in: window, left: MarkdownTests.notePane, shot: "task-boxes"),
            "the task boxes are drawn in blue")
        try session.desktop.xdotool("mousemove", "--window", window, "\(box.x + box.width / 2)", "\(box.y + box.height - 4)")
        try session.desktop.xdotool("click", "1")
        #expect(stored("Groceries\n- [ ] milk\n- [x] eggs\n\n1. one\n2. two"))

        // The note's row in the list shows the checklist's progress.
        let tree = try AccessibilityTree(desktop: session.desktop)
        let rows = tree.elements { $0.role == "list item" && $0.name.contains("1 of 2 tasks done") }.filter { $0.role == "list item" }
        #expect(rows.map(\.name) == ["Groceries, 1 of 2 tasks done, just now"], "\(rows)")
        #expect(try session.stop() == 0)
    }

}
