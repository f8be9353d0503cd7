import Foundation
import NoteModel
import Testing
import TestSupport

/// Categories in a main window, as a person uses them: the sidebar beside
/// the list, a click on a category to show its notes, Ctrl+N filing the new
/// note there, Move to Category… (Ctrl+Shift+M) with Undo (Alt+U), and the
/// window coming back showing its category.
@Suite("Categories in the window, end to end", .serialized)
struct CategoryWindowTests {
    /// The note rows' titles shown in the list (the sidebar's rows left out).
    private func shownTitles(_ tree: AccessibilityTree, once wanted: @escaping ([String]) -> Bool) -> [String] {
        let notes = ["Sponge", "Soup", "Plan", "Stew"]
        return PinTests.titles(PinTests.rows(tree) { rows in wanted(PinTests.titles(rows).filter(notes.contains)) })
            .filter(notes.contains)
    }

    @Test("the sidebar lists All Notes and each category with its count; a click shows a category's notes; Ctrl+N files there; Move to Category moves, Undo puts back; a relaunch shows the category again")
    func sidebar() throws {
        let session = try QuireSession(accessibility: true)
        let store = try NoteStore(path: session.notesPath)
        let now = Date()
        try store.createNote(body: "Plan\nfor work", at: now.addingTimeInterval(-300))
        try store.createNote(body: "Soup\nhot", at: now.addingTimeInterval(-200), category: "Recipes")
        try store.createNote(body: "Sponge\ncake", at: now.addingTimeInterval(-100), category: "Recipes/Cakes")
        try session.launch()
        let window = try session.waitForWindow(matching: "^Sponge — Quire$")
        let tree = try AccessibilityTree(desktop: session.desktop)
        let sidebar = PinTests.rows(tree) { $0.contains("Recipes, 2 notes") }
        #expect(sidebar.contains("All Notes") && sidebar.contains("Recipes, 2 notes") && sidebar.contains("Cakes, 1 note"), "\(sidebar)")
        #expect(shownTitles(tree) { $0.count == 3 } == ["Sponge", "Soup", "Plan"])
        session.keepScreenshot(named: "categories-sidebar")

        // Recipes is the sidebar's second row (All Notes first), 38 pixels below it.
        try session.desktop.xdotool("mousemove", "--window", window, "70", "113", "click", "1")
        #expect(shownTitles(tree) { $0 == ["Sponge", "Soup"] } == ["Sponge", "Soup"], "the list shows Recipes and its Cakes")

        try session.desktop.xdotool("windowfocus", "--sync", window)
        try session.desktop.xdotool("key", "ctrl+n")
        try session.desktop.type("Stew", into: window)
        #expect(eventually(within: 10) { (try? store.allNotes().first { $0.body == "Stew" }?.category) == "Recipes" },
                "a new note in a window showing Recipes is filed there")
        let stew = try #require(try store.allNotes().first { $0.body == "Stew" })

        try session.desktop.xdotool("key", "ctrl+shift+m")
        let dialog = try session.waitForWindow(matching: "^Move to Category$")
        try session.desktop.xdotool("windowfocus", "--sync", dialog)
        try session.desktop.xdotool("key", "ctrl+a")
        try session.desktop.type("Mains", into: dialog)
        try session.desktop.xdotool("key", "Return")
        #expect(eventually(within: 10) { (try? store.category(of: stew.id)) == "Mains" })
        #expect(shownTitles(tree) { !$0.contains("Stew") }.contains("Stew") == false, "it left the list of Recipes")
        try session.desktop.xdotool("windowfocus", "--sync", window)
        try session.desktop.xdotool("key", "alt+u")
        #expect(eventually(within: 10) { (try? store.category(of: stew.id)) == "Recipes" }, "Undo puts it back")

        try session.desktop.xdotool("key", "ctrl+q")
        #expect(session.process?.waitForExit(seconds: 10) == 0)
        try session.launch()
        _ = try session.waitForWindow(matching: "Quire$")
        let again = try AccessibilityTree(desktop: session.desktop)
        #expect(Set(shownTitles(again) { Set($0) == ["Sponge", "Soup", "Stew"] }) == ["Sponge", "Soup", "Stew"],
                "the window comes back showing Recipes")
        #expect(try session.stop() == 0)
    }
}
