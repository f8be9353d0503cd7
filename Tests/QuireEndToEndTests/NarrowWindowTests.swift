import Foundation
import NoteModel
import Testing
import TestSupport

/// A main window too narrow for the list and the note side by side shows one
/// at a time, as libadwaita's leaflet does, and goes back to both when widened.
@Suite("Narrow main windows, end to end", .serialized)
struct NarrowWindowTests {
    @Test("a narrow window shows the note, then the list; a click or Return opens a note, Alt+Left goes back; it comes back as it was, and widened it shows both")
    func listOrNote() throws {
        let session = try QuireSession(accessibility: true)
        try NoteStore(path: session.notesPath).importNotes([
            (body: "Groceries\nmilk", modifiedAt: Date().addingTimeInterval(-60)),
            (body: "Plans\nmeet", modifiedAt: Date().addingTimeInterval(-30)),
            (body: "Books\nDune", modifiedAt: Date()),
        ])
        try session.launch()
        let window = try session.waitForWindow(matching: "^Books — Quire$")
        func backButtonShows(_ shows: Bool) -> Bool { Self.backButtonShows(shows, in: session) }
        func body(of title: String) -> String? {
            (try? session.storedNotes().first { $0.title == title })?.map(\.body)
        }
        #expect(backButtonShows(false), "side by side, nothing to go back to")

        try session.desktop.xdotool("windowsize", "--sync", window, "480", "700")
        #expect(backButtonShows(true), "narrow: the note, with a way back to the list")
        try session.desktop.type(" and Emma", into: window)
        #expect(eventually(within: 5) { body(of: "Books") == "Books\nDune and Emma" }, "the keyboard stayed in the note")

        try session.desktop.xdotool("key", "alt+Left")
        #expect(backButtonShows(false), "Alt+Left: the list")
        try session.desktop.xdotool("key", "Down")  // the keyboard is in the list
        _ = try session.waitForWindow(matching: "^Plans — Quire$")
        try session.desktop.xdotool("key", "Return")
        #expect(backButtonShows(true), "Return opens the note")
        try session.desktop.type(" Ann", into: window)
        #expect(eventually(within: 5) { body(of: "Plans") == "Plans\nmeet Ann" })

        try session.desktop.xdotool("key", "alt+Left")
        #expect(backButtonShows(false))
        // Groceries is the third row (Plans moved to the top when edited): a click opens it.
        try session.desktop.xdotool("mousemove", "--window", window, "100", "230", "click", "1")
        _ = try session.waitForWindow(matching: "^Groceries — Quire$")
        #expect(backButtonShows(true), "a click opens the note")
        try session.desktop.type(" and eggs", into: window)
        #expect(eventually(within: 5) { body(of: "Groceries") == "Groceries\nmilk and eggs" })

        // Quit on the list; it comes back narrow, on the list.
        try session.desktop.xdotool("key", "alt+Left")
        #expect(backButtonShows(false))
        try session.desktop.xdotool("key", "ctrl+q")
        #expect(session.process?.waitForExit(seconds: 10) == 0)
        #expect((try session.savedUserInfo()["showsList"] as? [String: Any])?["bool"] as? Bool == true)
        try session.launch()
        let restored = try session.waitForWindow(matching: "^Groceries — Quire$")
        #expect(backButtonShows(false), "back on the list")
        session.keepScreenshot(named: "narrow-window-list")

        try session.desktop.xdotool("windowsize", "--sync", restored, "1000", "700")
        var editor: (x: Int32, y: Int32, width: Int32, height: Int32)?
        #expect(eventually(within: 5) {
            let tree = try? AccessibilityTree(desktop: session.desktop).elements()
            editor = tree?.first { $0.name == "Note text" }?.frame
            return tree?.contains { $0.name == "Back" } == false && (editor?.x ?? 0) > 280
        }, "widened: the list and the note side by side again, the list as wide as before: \(editor.map { "\($0)" } ?? "none")")
        #expect(try session.stop() == 0)
    }

    /// Whether, within 5 s, the window's Back button shows (`shows`: the
    /// window is folded, on its note) or not, its editor laid out.
    static func backButtonShows(_ shows: Bool, in session: QuireSession) -> Bool {
        eventually(within: 5) {
            let tree = (try? AccessibilityTree(desktop: session.desktop).elements()) ?? []
            return tree.contains { $0.role == "button" && $0.name == "Back" } == shows
                && tree.contains { $0.name == "Note text" }
        }
    }

    /// Launches Quire on "Books" and "Groceries" and narrows its window to
    /// 480 pixels, once it shows the note folded; returns the session and the window.
    private static func launchFolded() throws -> (session: QuireSession, window: String) {
        let session = try QuireSession(accessibility: true)
        try NoteStore(path: session.notesPath).importNotes([
            (body: "Groceries\nmilk", modifiedAt: Date().addingTimeInterval(-60)),
            (body: "Books\nDune", modifiedAt: Date()),
        ])
        try session.launch()
        let window = try session.waitForWindow(matching: "^Books — Quire$")
        try session.desktop.xdotool("windowsize", "--sync", window, "480", "700")
        try #require(backButtonShows(true, in: session), "folded, on the note")
        return (session, window)
    }

    @Test("a narrow window showing its list says when the note is not saved, as it does over the note, until it is")
    func notSavedOverTheList() throws {
        let (session, window) = try Self.launchFolded()
        let lock = try session.holdNotesLock()
        #expect(lock.taken, "the lock is taken: \(lock.holder.standardError)")
        try session.desktop.type(" and Emma", into: window)
        _ = try session.waitForWindow(matching: "^Books \\(not saved\\) — Quire$")
        try session.desktop.xdotool("key", "alt+Left")
        try #require(Self.backButtonShows(false, in: session), "on the list")
        // Where the red of error text shows: the bar's message, once the list has slid in
        // (the editor sliding out shows its own edge of it meanwhile).
        func errorText(_ shot: String) -> (x: Int, y: Int, width: Int, height: Int)? {
            try? session.box(of: Self.errorRed, in: window, shot: shot)
        }
        var shown: (x: Int, y: Int, width: Int, height: Int)?
        #expect(eventually(within: 5) {
            shown = errorText("narrow-list-not-saved")
            return shown.map { $0.x < 40 && $0.width > 250 } ?? false
        }, "the save bar's message shows across the list: \(String(describing: shown))")
        #expect(lock.release() == 0)
        #expect(eventually(within: 15) { (try? session.storedNotes().first { $0.title == "Books" }?.body) == "Books\nDune and Emma" })
        #expect(eventually(within: 5) { errorText("narrow-list-saved") == nil }, "saved: the bar goes")
        #expect(try session.stop() == 0)
    }

    @Test("with no notes, the list of a wide window says to type in the note beside it, and a narrow window's list says Ctrl+N")
    func emptyListHint() throws {
        let session = try QuireSession(accessibility: true)
        try session.launch()
        let window = try session.waitForWindow(matching: "^New Note — Quire$")
        let tree = try AccessibilityTree(desktop: session.desktop)
        func shows(_ hint: String) -> Bool {
            eventually(within: 5) { ((try? tree.elements()) ?? []).contains { $0.role == "label" && $0.name == hint } }
        }
        #expect(shows("Type in the note to start one."), "side by side, the note beside waits for typing")
        session.keepScreenshot(named: "empty-list-wide")
        try session.desktop.xdotool("windowsize", "--sync", window, "480", "700")
        try #require(Self.backButtonShows(true, in: session), "folded, on the note")
        try session.desktop.xdotool("key", "alt+Left")
        try #require(Self.backButtonShows(false, in: session), "on the list")
        #expect(shows("Start one with Ctrl+N."), "the list alone: New Note's key")
        #expect(try session.stop() == 0)
    }

    @Test("a narrow window with categories shows them one page before the list, not squeezed beside it: Back and Alt+Left reach them, arrows choose, Return or a click opens the list, and Return there its first note; widened, they sit beside the list again")
    func categoriesPage() throws {
        let session = try QuireSession(accessibility: true)
        let store = try NoteStore(path: session.notesPath)
        let now = Date()
        try store.createNote(body: "Memo\nfor the team", at: now.addingTimeInterval(-400), category: "Work")
        try store.createNote(body: "Plan\nfor work", at: now.addingTimeInterval(-300))
        try store.createNote(body: "Soup\nhot", at: now.addingTimeInterval(-200), category: "Recipes")
        try store.createNote(body: "Sponge\ncake", at: now.addingTimeInterval(-100), category: "Recipes/Cakes")
        try session.launch()
        let window = try session.waitForWindow(matching: "^Sponge — Quire$")
        try session.desktop.xdotool("windowsize", "--sync", window, "480", "700")
        try #require(Self.backButtonShows(true, in: session), "folded, on the note")
        let tree = try AccessibilityTree(desktop: session.desktop)
        /// The frame of the row named `name` (a note's title, a category's name) once it has one.
        func row(_ name: String) -> (x: Int32, y: Int32, width: Int32, height: Int32)? {
            var frame: (x: Int32, y: Int32, width: Int32, height: Int32)?
            _ = eventually(within: 5) {
                frame = try? tree.frame(ofRow: name)
                return (frame?.width ?? 0) > 0
            }
            return frame
        }

        try session.desktop.xdotool("key", "alt+Left")
        #expect(Self.backButtonShows(true, in: session), "the list, with a way back to the categories")
        let sponge = try #require(row("Sponge"))
        #expect(sponge.x < 100 && sponge.width > 300, "the list takes the whole width, no categories beside it: \(sponge)")

        try session.desktop.xdotool("key", "alt+Left")
        #expect(Self.backButtonShows(false, in: session), "the categories: nothing before them")
        try session.desktop.xdotool("key", "Down")  // All Notes, then Recipes: chosen, and the page stays
        #expect(Self.backButtonShows(false, in: session), "an arrow only chooses")
        session.keepScreenshot(named: "narrow-window-categories")
        try session.desktop.xdotool("key", "Return")
        #expect(Self.backButtonShows(true, in: session), "Return opens the category's list")
        try session.desktop.xdotool("key", "ctrl+n")
        try session.desktop.type("Stew", into: window)
        #expect(eventually(within: 10) { (try? store.allNotes().first { $0.body == "Stew" }?.category) == "Recipes" },
                "the list was Recipes', and Ctrl+N filed the new note there")

        try session.desktop.xdotool("key", "alt+Left")  // the note's list
        #expect(Self.backButtonShows(true, in: session))
        try session.desktop.xdotool("key", "alt+Left")  // the categories
        #expect(Self.backButtonShows(false, in: session))
        let work = try #require(row("Work"))
        try session.desktop.xdotool("mousemove", "\(work.x + work.width / 2)", "\(work.y + work.height / 2)", "click", "1")
        #expect(Self.backButtonShows(true, in: session), "a click opens the list")
        // The note shown (Stew) is not in Work: Return on the row the keyboard is on opens that row's note.
        try session.desktop.xdotool("key", "Return")
        _ = try session.waitForWindow(matching: "^Memo — Quire$")
        try session.desktop.xdotool("key", "alt+Left")

        try session.desktop.xdotool("windowsize", "--sync", window, "1000", "700")
        #expect(Self.backButtonShows(false, in: session), "widened: nothing to go back to")
        let recipes = try #require(row("Recipes"))
        let memo = try #require(row("Memo"))
        #expect(recipes.x + recipes.width <= memo.x, "the categories beside the list again: \(recipes), \(memo)")
        #expect(try session.stop() == 0)
    }

    /// The red of libadwaita's error text.
    static let errorRed = "#c01c28"

    /// The grey of a libadwaita toast, as Xvfb shows it.
    static let toastGrey = "#4c4c4c"

    @Test("a narrow window showing its list shows the Undo toast of a note trashed from the list, and Alt+U brings the note back")
    func toastOverTheList() throws {
        // Folded before Alt+Left, and on the list before Delete: under load, the keys
        // came before the fold and Delete went to the note's text.
        let (session, window) = try Self.launchFolded()
        try session.desktop.xdotool("key", "alt+Left")  // the list, the keyboard on Books' row
        try #require(Self.backButtonShows(false, in: session), "on the list")
        func toastPixels(_ shot: String) throws -> Int {
            try session.pixels(of: NarrowWindowTests.toastGrey, fuzz: "2%", in: window, shot: shot)
        }
        #expect(eventually(within: 5) { (try? toastPixels("narrow-list-before")) ?? 0 < 2_000 })
        try session.desktop.xdotool("key", "Delete")
        _ = try session.waitForWindow(matching: "^Groceries — Quire$")
        var shown = 0
        #expect(eventually(within: 5) {
            shown = (try? toastPixels("narrow-list-toast")) ?? 0
            return shown > 5_000
        }, "the toast shows over the list: \(shown) grey pixels")
        try session.desktop.xdotool("key", "alt+u")
        #expect(eventually(within: 5) { (try? session.storedNotes().map(\.title).sorted()) == ["Books", "Groceries"] },
                "Undo brought Books back")
        #expect(try session.stop() == 0)
    }

    @Test("a window narrowed below its categories and list and widened again gives them their width back, and so does one quit while narrow and widened after it comes back")
    func listWidthKept() throws {
        let session = try QuireSession(accessibility: true)
        let store = try NoteStore(path: session.notesPath)
        try store.createNote(body: "Plan\nfor work", at: Date().addingTimeInterval(-100))
        try store.createNote(body: "Soup\nhot", at: Date(), category: "Recipes")
        try session.launch()
        let window = try session.waitForWindow(matching: "^Soup — Quire$")
        try session.desktop.xdotool("windowsize", "--sync", window, "1000", "700")
        /// Where the note starts once the window shows the list and the note side by side.
        func noteStart() -> Int32? {
            var start: Int32?
            _ = eventually(within: 5) {
                let tree = (try? AccessibilityTree(desktop: session.desktop).elements()) ?? []
                start = tree.first { $0.name == "Note text" }?.frame?.x
                return !tree.contains { $0.name == "Back" } && (start ?? 0) > 0
            }
            return start
        }
        let wide = try #require(noteStart())
        #expect(wide >= 430, "the categories (150) and the list (280) beside the note: \(wide)")

        try session.desktop.xdotool("windowsize", "--sync", window, "380", "700")
        #expect(Self.backButtonShows(true, in: session), "folded")
        try session.desktop.xdotool("windowsize", "--sync", window, "1000", "700")
        let widened = noteStart()
        #expect(widened.map { abs($0 - wide) <= 2 } == true, "the list as wide as before: \(widened.map(String.init) ?? "none") against \(wide)")

        try session.desktop.xdotool("windowsize", "--sync", window, "380", "700")
        #expect(Self.backButtonShows(true, in: session))
        try session.desktop.xdotool("key", "ctrl+q")
        #expect(session.process?.waitForExit(seconds: 10) == 0)
        try session.launch()
        let restored = try session.waitForWindow(matching: "^Soup — Quire$")
        #expect(Self.backButtonShows(true, in: session), "it comes back narrow")
        try session.desktop.xdotool("windowsize", "--sync", restored, "1000", "700")
        let again = noteStart()
        #expect(again.map { abs($0 - wide) <= 2 } == true, "and widened, its list as wide as before: \(again.map(String.init) ?? "none") against \(wide)")
        #expect(try session.stop() == 0)
    }
}
