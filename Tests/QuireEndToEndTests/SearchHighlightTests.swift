import Foundation
import NoteModel
import Testing
import TestSupport

/// A search's matches in the open note, as a person sees and uses them:
/// highlighted while the search is active, and F3 / Shift+F3 to go from one to
/// the next. Checked on screen and through what typing over a match stores.
@Suite("Search matches in the note", .serialized)
struct SearchHighlightTests {
    /// How many pixels of `window`'s note pane have the highlight's colour
    /// (its translucent yellow over the white page).
    private func highlighted(in window: String, _ session: QuireSession, shot name: String) throws -> Int {
        try session.pixels(of: "rgb(251,235,160)", fuzz: "6%", in: window, left: MarkdownTests.notePane, shot: name)
    }

    @Test("a search highlights its matches in the note, F3 and Shift+F3 select the next and previous, and Escape takes the highlights away")
    func highlightAndStep() throws {
        let session = try QuireSession()
        let body = "Recipes\nApple pie\nno match here\nCrème brûlée with apple\nbaked apples"
        try NoteStore(path: session.notesPath).createNote(body: body)
        try session.launch()
        let window = try session.waitForWindow(matching: "^Recipes — Quire$")
        #expect(try highlighted(in: window, session, shot: "search-before") == 0, "no search, no highlight")

        try session.desktop.xdotool("windowfocus", "--sync", window)
        try session.desktop.xdotool("key", "ctrl+f")
        try session.desktop.type("APPLE", into: window)
        _ = eventually(within: 10) { ((try? highlighted(in: window, session, shot: "search-highlight")) ?? 0) > 600 }
        #expect(try highlighted(in: window, session, shot: "search-highlight") > 600, "the three matches are highlighted")

        // F3 from the end of the note goes round to the first match; typing replaces it.
        try session.desktop.xdotool("key", "F3")
        try session.desktop.xdotool("type", "X")
        #expect(session.stores("Recipes\nX pie\nno match here\nCrème brûlée with apple\nbaked apples"))
        try session.desktop.xdotool("key", "F3")
        try session.desktop.xdotool("type", "Y")
        #expect(session.stores("Recipes\nX pie\nno match here\nCrème brûlée with Y\nbaked apples"))
        // Shift+F3 from there: nothing before it is left, so round to the last.
        try session.desktop.xdotool("key", "shift+F3")
        try session.desktop.xdotool("type", "Z")
        #expect(session.stores("Recipes\nX pie\nno match here\nCrème brûlée with Y\nbaked Zs"))

        // Escape in the search field ends the search and its highlights.
        try session.desktop.xdotool("key", "ctrl+f")
        try session.desktop.type("apple", into: window)
        try session.desktop.xdotool("key", "Escape")
        #expect(eventually(within: 5) { ((try? highlighted(in: window, session, shot: "search-ended")) ?? -1) == 0 })
        #expect(try session.stop() == 0)
    }

    @Test("a note opened under a search shows its match without offering it for typing over: after Return or Escape in the search field, and in a window restored with its search, typing goes in at the match's start")
    func matchNotTypedOver() throws {
        let session = try QuireSession()
        let store = try NoteStore(path: session.notesPath)
        let groceries = try store.createNote(body: "Groceries\nbuy apples", at: Date().addingTimeInterval(-60))
        try store.createNote(body: "Plans\nnothing yet")
        store.close()
        try session.launch()
        let window = try session.waitForWindow(matching: "^Plans — Quire$")
        let body = { (try? session.storedNotes().first { $0.id == groceries.id }?.body) ?? nil }

        // Return opens the first result, its match shown: the word typed goes in before it.
        try session.desktop.xdotool("windowfocus", "--sync", window)
        try session.desktop.xdotool("key", "ctrl+f")
        try session.desktop.type("apples", into: window)
        _ = try session.waitForWindow(matching: "^Groceries — Quire$")
        try session.desktop.xdotool("key", "Return")
        try session.desktop.type("red ", into: window)
        #expect(eventually(within: 10) { body() == "Groceries\nbuy red apples" }, "\(String(describing: body()))")

        // A search that moves the window to another note, then Escape: the same.
        let plans = { (try? session.storedNotes().first { $0.id != groceries.id }?.body) ?? nil }
        try session.desktop.xdotool("key", "ctrl+f")
        try session.desktop.type("nothing", into: window)
        _ = try session.waitForWindow(matching: "^Plans — Quire$")
        try session.desktop.xdotool("key", "Escape")
        try session.desktop.type("still ", into: window)
        #expect(eventually(within: 10) { plans() == "Plans\nstill nothing yet" }, "\(String(describing: plans()))")

        // Quit with a search showing its match; relaunched, the window is ready for typing, at the match.
        try session.desktop.xdotool("key", "ctrl+f")
        try session.desktop.type("apples", into: window)
        _ = try session.waitForWindow(matching: "^Groceries — Quire$")
        #expect(try session.stop() == 0)
        try session.launch()
        let restored = try session.waitForWindow(matching: "^Groceries — Quire$")
        session.waitForTrace { $0.contains { $0.callback == "sceneDidBecomeActive(_:)" } }
        try session.desktop.type("ripe ", into: restored)
        #expect(eventually(within: 10) { body() == "Groceries\nbuy red ripe apples" }, "\(String(describing: body()))")
        #expect(try session.stop() == 0)
    }

    @Test("under the search field: how many notes match, how many matches the note shown has, and which one F3 selected; Ctrl+F again selects the search, to type another")
    func matchCounts() throws {
        let session = try QuireSession(accessibility: true)
        let store = try NoteStore(path: session.notesPath)
        try store.createNote(body: "Pears\npear and apple", at: Date().addingTimeInterval(-60))
        try store.createNote(body: "Apples\napple pie, apple juice")
        try session.launch()
        let window = try session.waitForWindow(matching: "^Apples — Quire$")
        try session.desktop.xdotool("windowfocus", "--sync", window)
        try session.desktop.xdotool("key", "ctrl+f")
        try session.desktop.type("apple", into: window)
        let tree = try AccessibilityTree(desktop: session.desktop)
        /// The label's text once it reads `expected` (or as it is after 10 s).
        func count(_ expected: String) -> String {
            tree.elements { $0.name == expected }.first { $0.name.contains("match") }?.name ?? ""
        }
        #expect(count("2 notes match · 3 matches in this note") == "2 notes match · 3 matches in this note")
        try session.desktop.xdotool("key", "F3", "F3")
        #expect(count("2 notes match · match 2 of 3") == "2 notes match · match 2 of 3")
        session.keepScreenshot(named: "search-counts")
        // No note matches: the page in the list's place says so, and the count says nothing more.
        try session.desktop.xdotool("key", "ctrl+f", "End")
        try session.desktop.type("zz", into: window)
        #expect(!tree.elements(once: { $0.name == "No notes match “applezz”." }).filter { $0.name == "No notes match “applezz”." }.isEmpty)
        #expect(try tree.elements().filter { $0.name.hasPrefix("0 notes match") }.isEmpty, "no “0 notes match” under the field")
        // Ctrl+F again selects the search there, so that what is typed replaces it.
        try session.desktop.xdotool("key", "ctrl+f")
        try session.desktop.type("juice", into: window)
        #expect(count("1 note matches · 1 match in this note") == "1 note matches · 1 match in this note")
        #expect(try session.stop() == 0)
    }
}
