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

    /// Move to Category… (Ctrl+Shift+M) in the window with the keyboard: the
    /// dialog's field emptied, `category` typed ("" for none), and Return.
    static func moveToCategory(_ category: String, _ session: QuireSession) throws {
        try session.desktop.xdotool("key", "ctrl+shift+m")
        let dialog = try session.waitForWindow(matching: "^Move to Category$")
        try session.desktop.xdotool("windowfocus", "--sync", dialog)
        try session.desktop.xdotool("key", "ctrl+a", "BackSpace")
        try session.desktop.type(category, into: dialog)
        try session.desktop.xdotool("key", "Return")
    }

    /// Clicks, in `window`, the row or button at `frame` (where the accessibility
    /// tree puts it in the window): 20 pixels in from its start, half way down.
    static func click(_ frame: (x: Int32, y: Int32, width: Int32, height: Int32), in window: String, _ session: QuireSession) throws {
        try session.desktop.xdotool("mousemove", "--window", window, "\(frame.x + 20)", "\(frame.y + frame.height / 2)", "click", "1")
    }

    /// Quire launched over three notes, each a title and the line given: Plan
    /// in no category, Soup in Recipes, Sponge in Recipes/Cakes (the newest,
    /// which the window shows); with its accessibility tree.
    private func launchOverRecipes(plan: String, soup: String, sponge: String) throws
        -> (session: QuireSession, store: NoteStore, plan: Note, window: String, tree: AccessibilityTree)
    {
        let session = try QuireSession(accessibility: true)
        let store = try NoteStore(path: session.notesPath)
        let now = Date()
        let planNote = try store.createNote(body: "Plan\n\(plan)", at: now.addingTimeInterval(-300))
        try store.createNote(body: "Soup\n\(soup)", at: now.addingTimeInterval(-200), category: "Recipes")
        try store.createNote(body: "Sponge\n\(sponge)", at: now.addingTimeInterval(-100), category: "Recipes/Cakes")
        try session.launch()
        let window = try session.waitForWindow(matching: "^Sponge — Quire$")
        return (session, store, planNote, window, try AccessibilityTree(desktop: session.desktop))
    }

    @Test("the sidebar lists All Notes and each category with its count; a click shows a category's notes; Ctrl+N files there; Move to Category moves, Undo puts back; a relaunch shows the category again")
    func sidebar() throws {
        let (session, store, _, window, tree) = try launchOverRecipes(plan: "for work", soup: "hot", sponge: "cake")
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

        try Self.moveToCategory("Mains", session)
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

    @Test("a category whose last note moves away says so in its empty list, and that Ctrl+N starts a note there; the note typed is filed in it")
    func emptiedCategory() throws {
        let (session, store, _, window, tree) = try launchOverRecipes(plan: "for work", soup: "hot", sponge: "cake")
        // Cakes is the sidebar's third row, 38 pixels below Recipes.
        try session.desktop.xdotool("mousemove", "--window", window, "70", "151", "click", "1")
        #expect(shownTitles(tree) { $0 == ["Sponge"] } == ["Sponge"], "the list shows Cakes")
        try session.desktop.xdotool("windowfocus", "--sync", window)
        try Self.moveToCategory("", session)  // in no category
        #expect(eventually(within: 10) { (try? store.allNotes().first { $0.title == "Sponge" }?.category) == "" })
        let page = tree.elements(once: { $0.name == "No Notes in Cakes" })
        #expect(page.contains { $0.name == "No Notes in Cakes" } && page.contains { $0.name == "Start one here with Ctrl+N." },
                "\(page.filter { $0.role == "label" }.map(\.name))")
        #expect(!page.contains { $0.name == "Type in the note to start one." }, "the note beside is no longer in Cakes")

        try session.desktop.xdotool("windowfocus", "--sync", window)
        try session.desktop.xdotool("key", "ctrl+n")
        try session.desktop.type("Tart", into: window)
        #expect(eventually(within: 10) { (try? store.allNotes().first { $0.body == "Tart" }?.category) == "Recipes/Cakes" })
        #expect(try session.stop() == 0)
    }

    @Test("a note filed from the list with Move to Category keeps the keyboard on its row: Down then goes on to the next note")
    func filedFromTheList() throws {
        let (session, store, _, window, tree) = try launchOverRecipes(plan: "for work", soup: "hot", sponge: "cake")
        try session.desktop.xdotool("windowfocus", "--sync", window)
        try session.desktop.xdotool("key", "ctrl+f", "Tab")  // from the search field on to the list, at Sponge
        try Self.moveToCategory("Desserts", session)
        #expect(eventually(within: 10) { (try? store.allNotes().first { $0.title == "Sponge" }?.category) == "Desserts" })
        // Stored is not yet followed: the window has heard of it once its sidebar lists Desserts.
        #expect(PinTests.rows(tree) { $0.contains("Desserts, 1 note") }.contains("Desserts, 1 note"))
        try session.desktop.xdotool("windowfocus", "--sync", window)
        try session.desktop.xdotool("key", "Down")
        _ = try session.waitForWindow(matching: "^Soup — Quire$")
        #expect(try session.stop() == 0)
    }

    @Test("Move to Category lists the categories under its field, narrowed as one types; Down then Return, or a click, picks one; a note typed a moment ago, not saved yet, moves at once")
    func chooseCategory() throws {
        let (session, store, _, window, tree) = try launchOverRecipes(plan: "for work", soup: "hot", sponge: "cake")
        try session.desktop.xdotool("windowfocus", "--sync", window)
        try session.desktop.xdotool("key", "ctrl+n")
        // Typed and asked for in one go, before the autosave (300 ms after the last key) has stored the note.
        try session.desktop.xdotool("type", "--delay", "12", "--terminator", ";;", "Fresh idea", ";;", "key", "ctrl+shift+m")
        let dialog = try session.waitForWindow(matching: "^Move to Category$")
        // The dialog's rows, named by the category alone (the sidebar's say how many notes: "Recipes, 2 notes").
        let isChoice = { (element: AccessibilityTree.Element) in element.role == "list item" && ["Recipes", "Recipes/Cakes"].contains(element.name) }
        let listed = tree.elements(once: { isChoice($0) && $0.name == "Recipes/Cakes" })
        #expect(listed.filter(isChoice).map(\.name) == ["Recipes", "Recipes/Cakes"], "\(listed.map(\.description).joined(separator: "\n"))")
        #expect(!listed.contains { $0.name.contains("There are") }, "the categories are rows, not a sentence")
        session.keepScreenshot(named: "categories-move-dialog")

        try session.desktop.type("cak", into: dialog)
        var narrowed: [AccessibilityTree.Element] = []
        _ = eventually(within: 10) {
            narrowed = (try? tree.elements()) ?? []
            return narrowed.filter(isChoice).map(\.name) == ["Recipes/Cakes"]
        }
        #expect(narrowed.filter(isChoice).map(\.name) == ["Recipes/Cakes"], "\(narrowed.map(\.description).joined(separator: "\n"))")
        try session.desktop.xdotool("key", "Down", "Return")
        #expect(eventually(within: 10) { (try? store.allNotes().first { $0.body == "Fresh idea" }?.category) == "Recipes/Cakes" },
                "Return on the row chosen files the new note there: \((try? filed(store)) ?? [:])")

        try session.desktop.xdotool("windowfocus", "--sync", window)
        try session.desktop.xdotool("key", "ctrl+shift+m")
        let again = try session.waitForWindow(matching: "^Move to Category$")
        let isRecipes = { (element: AccessibilityTree.Element) in isChoice(element) && element.name == "Recipes" }
        let frame = try #require(tree.elements(once: isRecipes).first(where: isRecipes)?.frame)
        try session.desktop.xdotool("mousemove", "\(frame.x + frame.width / 2)", "\(frame.y + frame.height / 2)", "click", "1")
        #expect(eventually(within: 10) { (try? store.allNotes().first { $0.body == "Fresh idea" }?.category) == "Recipes" },
                "a click on a row files it there: \((try? filed(store)) ?? [:])")
        #expect(eventually(within: 5) { session.desktop.windowTitles(matching: "^Move to Category$").isEmpty }, "the dialog \(again) closed")
        #expect(try session.stop() == 0)
    }

    /// The categories of the notes, by their first line.
    private func filed(_ store: NoteStore) throws -> [String: String] {
        Dictionary(uniqueKeysWithValues: try store.allNotes().map { (String($0.body.prefix { $0 != "\n" }), $0.category) })
    }

    @Test("a note row dragged onto a category is filed there, and Undo puts it back; from the keyboard, Shift+Tab from the search reaches the sidebar, arrows choose, F2 renames (one Undo) with the keyboard staying in the sidebar, Delete removes after asking (notes kept, one Undo)")
    func dragAndKeyboard() throws {
        let (session, store, plan, window, tree) = try launchOverRecipes(plan: "for work", soup: "hot", sponge: "cake")

        // The mouse: press on Plan's row, move in steps past the drag threshold, let go over Recipes.
        let from = try tree.frame(ofRow: "Plan"), to = try tree.frame(ofRow: "Recipes")
        try session.drag(
            in: window, from: (from.x + from.width / 2, from.y + from.height / 2), to: (to.x + to.width / 2, to.y + to.height / 2))
        #expect(eventually(within: 10) { (try? store.category(of: plan.id)) == "Recipes" }, "the row dropped on Recipes files the note there")
        session.keepScreenshot(named: "categories-dropped")
        try session.desktop.xdotool("windowfocus", "--sync", window)
        try session.desktop.xdotool("key", "alt+u")
        #expect(eventually(within: 10) { (try? store.category(of: plan.id)) == "" }, "Undo takes it out again")

        // The keyboard: the search, then back to the sidebar, down to Recipes.
        try session.desktop.xdotool("key", "ctrl+f")
        try session.desktop.xdotool("key", "shift+Tab", "Down")
        #expect(shownTitles(tree) { $0 == ["Sponge", "Soup"] } == ["Sponge", "Soup"], "Down in the sidebar shows Recipes")
        try session.desktop.xdotool("key", "F2")
        let rename = try session.waitForWindow(matching: "^Rename Category$")
        try session.desktop.xdotool("windowfocus", "--sync", rename)
        try session.desktop.xdotool("key", "ctrl+a")
        try session.desktop.type("Baking", into: rename)
        try session.desktop.xdotool("key", "Return")
        #expect(eventually(within: 10) { (try? filed(store)) == ["Plan": "", "Soup": "Baking", "Sponge": "Baking/Cakes"] },
                "renamed with the category inside it")
        #expect(PinTests.rows(tree) { $0.contains("Baking, 2 notes") }.contains("Baking, 2 notes"), "the window follows the new name")
        // The keyboard is still in the sidebar, on Baking: Down chooses Cakes, Up Baking again.
        try session.desktop.xdotool("windowfocus", "--sync", window)
        try session.desktop.xdotool("key", "Down")
        #expect(shownTitles(tree) { $0 == ["Sponge"] } == ["Sponge"], "Down after the rename shows Cakes")
        try session.desktop.xdotool("key", "Up")
        #expect(shownTitles(tree) { $0 == ["Sponge", "Soup"] } == ["Sponge", "Soup"])
        try session.desktop.xdotool("key", "alt+u")
        #expect(eventually(within: 10) { (try? filed(store)) == ["Plan": "", "Soup": "Recipes", "Sponge": "Recipes/Cakes"] },
                "one Undo puts both back")
        #expect(shownTitles(tree) { $0 == ["Sponge", "Soup"] } == ["Sponge", "Soup"], "and the window shows Recipes again")

        // Delete, asked first: its default answer keeps the category.
        _ = tree.elements { $0.role == "list item" && $0.name.hasPrefix("Recipes, 2 notes") }
        try session.desktop.xdotool("windowfocus", "--sync", window)
        try session.desktop.xdotool("key", "ctrl+f", "shift+Tab", "Delete")
        var ask = try session.waitForWindow(matching: "^Remove “Recipes”\\?$")
        try session.desktop.xdotool("windowfocus", "--sync", ask)
        try session.desktop.xdotool("key", "Return")
        #expect(eventually(within: 10) { (try? session.desktop.xdotool("search", "--onlyvisible", "--name", "^Remove")) == nil })
        #expect(try filed(store)["Soup"] == "Recipes", "Return answers Cancel")
        try session.desktop.xdotool("windowfocus", "--sync", window)
        try session.desktop.xdotool("key", "ctrl+f", "shift+Tab", "Delete")
        ask = try session.waitForWindow(matching: "^Remove “Recipes”\\?$")
        session.keepScreenshot(named: "categories-remove-asks")
        try session.desktop.xdotool("windowfocus", "--sync", ask)
        try session.desktop.xdotool("key", "alt+r")
        #expect(eventually(within: 10) { (try? filed(store)) == ["Plan": "", "Soup": "", "Sponge": ""] }, "its notes are in no category, none deleted")
        #expect(shownTitles(tree) { $0.count == 3 } == ["Sponge", "Soup", "Plan"], "the window shows All Notes")
        try session.desktop.xdotool("windowfocus", "--sync", window)
        try session.desktop.xdotool("key", "alt+u")
        #expect(eventually(within: 10) { (try? filed(store)) == ["Plan": "", "Soup": "Recipes", "Sponge": "Recipes/Cakes"] },
                "Undo files them back")
        #expect(try session.stop() == 0)
    }

    @Test("a search in a window showing a category looks in it, and a switch under the field widens it to all notes")
    func searchScope() throws {
        let (session, _, _, window, tree) = try launchOverRecipes(plan: "less sugar", soup: "no sugar", sponge: "sugar")
        let recipes = try tree.frame(ofRow: "Recipes")
        try Self.click(recipes, in: window, session)
        #expect(shownTitles(tree) { $0 == ["Sponge", "Soup"] } == ["Sponge", "Soup"])
        try session.desktop.xdotool("key", "ctrl+f")
        try session.desktop.type("sugar", into: window)
        let seen = tree.elements { $0.role == "button" && $0.name == "All Notes" }
        let everywhere = try #require(seen.first { $0.role == "button" && $0.name == "All Notes" },
                                      "the switch shows: \(seen.filter { $0.role.hasSuffix("button") })")
        #expect(seen.contains { $0.role == "button" && $0.name == "Recipes" }, "beside Recipes")
        #expect(Set(shownTitles(tree) { Set($0) == ["Sponge", "Soup"] }) == ["Sponge", "Soup"], "Plan, outside Recipes, is not found")
        session.keepScreenshot(named: "categories-search-scope")
        let button = try #require(everywhere.frame)
        try Self.click(button, in: window, session)
        #expect(Set(shownTitles(tree) { $0.count == 3 }) == ["Sponge", "Soup", "Plan"], "All Notes finds Plan too")

        // "less" is only in Plan: Recipes has no result, and the note beside stays; widened, the
        // window moves to Plan, as to the first result of any search.
        let recipesScope = try #require(seen.first { $0.role == "button" && $0.name == "Recipes" }?.frame)
        try Self.click(recipesScope, in: window, session)
        #expect(shownTitles(tree) { $0.count == 2 }.count == 2, "Recipes again")
        try session.desktop.xdotool("key", "ctrl+f", "ctrl+a")
        try session.desktop.type("less", into: window)
        #expect(shownTitles(tree) { $0.isEmpty }.isEmpty, "nothing in Recipes says less")
        _ = try session.waitForWindow(matching: "^Sponge — Quire$")
        try Self.click(button, in: window, session)
        #expect(shownTitles(tree) { $0 == ["Plan"] } == ["Plan"])
        _ = try session.waitForWindow(matching: "^Plan — Quire$")
        #expect(try session.stop() == 0)
    }

    @Test("a category chosen shows one of its notes beside its list; in the trash no category shows chosen, and choosing one leaves the trash for its notes")
    func chosenFromTheTrash() throws {
        let (session, _, _, window, tree) = try launchOverRecipes(plan: "for work", soup: "hot", sponge: "cake")
        let plan = try tree.frame(ofRow: "Plan")
        try Self.click(plan, in: window, session)
        _ = try session.waitForWindow(matching: "^Plan — Quire$")
        let recipes = try tree.frame(ofRow: "Recipes")
        let clickRecipes = { try Self.click(recipes, in: window, session) }
        try clickRecipes()
        #expect(shownTitles(tree) { $0 == ["Sponge", "Soup"] } == ["Sponge", "Soup"])
        _ = try session.waitForWindow(matching: "^Sponge — Quire$")  // Plan, not in Recipes, gives way to its first note

        let isCategory = { (element: AccessibilityTree.Element) in
            element.role == "list item" && ["All Notes", "Recipes, 2 notes", "Cakes, 1 note"].contains(element.name)
        }
        let chosen = tree.elements(once: { isCategory($0) && $0.isSelected }).filter { isCategory($0) && $0.isSelected }
        #expect(chosen.map(\.name) == ["Recipes, 2 notes"])
        _ = try session.desktop.xdotool("mousemove", "--window", window, "400", "400")  // off the sidebar: no row hovered
        try session.desktop.xdotool("key", "alt+t")
        _ = try session.waitForWindow(matching: "^Trash — Quire$")
        let inTrash = tree.elements(once: { isCategory($0) && !$0.isSelected && $0.name == "Recipes, 2 notes" })
        #expect(inTrash.filter(isCategory).count == 3 && !inTrash.contains { isCategory($0) && $0.isSelected },
                "\(inTrash.filter(isCategory).map(\.description))")
        session.keepScreenshot(named: "categories-in-the-trash")

        try clickRecipes()
        _ = try session.waitForWindow(matching: "^Sponge — Quire$")
        #expect(shownTitles(tree) { $0 == ["Sponge", "Soup"] } == ["Sponge", "Soup"], "Recipes' notes, out of the trash")
        #expect(try session.stop() == 0)
    }

    @Test("All Notes chosen after a category shows the list from its top, the newest notes first, and the note selected scrolled into view when it is further down")
    func allNotesFromTheTop() throws {
        let session = try QuireSession(accessibility: true)
        let store = try NoteStore(path: session.notesPath)
        let now = Date()
        // Note 1 the newest, Note 30 the oldest; Soup (3rd) and Stew (26th) in Recipes.
        for number in 1...30 {
            let title = number == 3 ? "Soup" : number == 26 ? "Stew" : "Note \(number)"
            try store.createNote(body: "\(title)\nline", at: now.addingTimeInterval(Double(-60 * number)),
                                 category: [3, 26].contains(number) ? "Recipes" : "")
        }
        try session.launch()
        let window = try session.waitForWindow(matching: "^Note 1 — Quire$")
        try session.desktop.xdotool("windowsize", "--sync", window, "900", "600")
        let tree = try AccessibilityTree(desktop: session.desktop)
        let field = try #require(tree.elements(once: { $0.name == "Search notes" && $0.frame != nil })
            .first { $0.name == "Search notes" && $0.frame != nil }?.frame)
        let listTop = field.y + field.height  // the rows scroll under the search field
        let windowBottom = field.y + 540
        /// Whether the row of the note titled `title` shows whole in the list, once it does
        /// (a row GTK has not laid out has no height; one scrolled past is above the list).
        func rowShows(_ title: String) -> Bool {
            eventually(within: 10) {
                guard let row = ((try? tree.elements()) ?? []).first(where: { $0.role == "list item" && $0.name.hasPrefix(title + ",") }),
                      let frame = row.frame else { return false }
                return frame.height > 0 && frame.y >= listTop && frame.y + frame.height <= windowBottom
            }
        }
        let recipes = try tree.frame(ofRow: "Recipes")
        try Self.click(recipes, in: window, session)
        _ = try session.waitForWindow(matching: "^Soup — Quire$")
        let allNotes = try tree.frame(ofRow: "All Notes")
        try Self.click(allNotes, in: window, session)
        #expect(rowShows("Note 1") && rowShows("Soup"), "the newest notes show, above Soup")

        try Self.click(recipes, in: window, session)
        let stew = try tree.frame(ofRow: "Stew")
        try Self.click(stew, in: window, session)
        _ = try session.waitForWindow(matching: "^Stew — Quire$")
        try Self.click(allNotes, in: window, session)
        #expect(rowShows("Stew"), "Stew, far down, is scrolled to")
        #expect(try session.stop() == 0)
    }
}
