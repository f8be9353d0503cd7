import Foundation
import NoteModel
import Testing
import TestSupport

/// The main window's list pane: resized from the keyboard and restored, and a
/// long list walked from end to end.
@Suite("List pane, end to end", .serialized)
struct ListPaneTests {
    @Test("the list pane's width, moved with F8 and the arrow keys, comes back as it was")
    func listWidthRestored() throws {
        let session = try QuireSession()
        try session.launch()
        let window = try session.waitForWindow(matching: "^New Note — Quire$")
        try session.writeNotes(["A note about widths"], into: window)
        session.waitForTrace { $0.contains { $0.callback == "first-frame" } }
        try session.desktop.xdotool("key", "F8")  // the pane handle takes the focus
        for _ in 0..<3 { try session.desktop.xdotool("key", "ctrl+Right") }
        try session.desktop.xdotool("key", "Return")
        try session.desktop.xdotool("key", "ctrl+q")
        #expect(session.process?.waitForExit(seconds: 10) == 0)
        let moved = try #require(try session.savedListWidth())
        #expect(moved > 300, "the handle moved right from 280: \(moved)")

        try session.launch()
        _ = try session.waitForWindow(matching: "^A note about widths — Quire$")
        session.waitForTrace { $0.contains { $0.callback == "first-frame" } }
        session.keepScreenshot(named: "list-pane-restored")
        try session.desktop.xdotool("key", "ctrl+q")
        #expect(session.process?.waitForExit(seconds: 10) == 0)
        #expect(try session.savedListWidth() == moved, "the restored window kept the width")
    }

    @Test("a row lays out as much of its note as the list is wide enough to show, and more once the list is widened")
    func rowTextFollowsListWidth() throws {
        let session = try QuireSession(accessibility: true)
        let text = (1...200).map { "word\($0)" }.joined(separator: " ")
        _ = try NoteStore(path: session.notesPath).importNotes([(body: "Long lines\n" + text, modifiedAt: Date())])
        try session.launch()
        _ = try session.waitForWindow(matching: "^Long lines — Quire$")
        session.waitForTrace { $0.contains { $0.callback == "first-frame" } }
        let tree = try AccessibilityTree(desktop: session.desktop)
        // A row's text is a label named by the note's title and described by its preview.
        func preview() -> String? { try? tree.elements().first { $0.role == "label" && $0.about.hasPrefix("word1 ") }?.about }

        let narrow = try #require(eventually(within: 10) { preview() != nil } ? preview() : nil, "the row's preview is readable")
        #expect(narrow.count == 121 && narrow.hasSuffix("…"), "a 280-pixel list lays out 120 characters: \(narrow)")
        #expect(text.hasPrefix(narrow.dropLast()), "the note's text, from its start: \(narrow)")

        try session.desktop.xdotool("key", "F8")  // the pane handle takes the focus
        for _ in 0..<6 { try session.desktop.xdotool("key", "ctrl+Right") }
        try session.desktop.xdotool("key", "Return")
        var wide = ""
        #expect(eventually(within: 10) {
            wide = preview() ?? ""
            return wide.count > 121
        }, "a wider list lays out more: \(wide), the list \(String(describing: try? session.savedListWidth())) wide")
        #expect(text.hasPrefix(wide.dropLast()), "the note's text, from its start: \(wide)")
        session.keepScreenshot(named: "row-text-widened")
        #expect(try session.stop() == 0)

        // Restored as wide, the list lays out as much from its first moments.
        try session.launch()
        _ = try session.waitForWindow(matching: "^Long lines — Quire$")
        #expect(eventually(within: 10) { preview() == wide }, "the restored list lays out what the widened one did: \(preview() ?? "nothing")")
        #expect(try session.stop() == 0)
    }

    /// The title of the numbered note `number`: "Note 0042".
    static func title(_ number: Int) -> String { String(format: "Note %04d", number) }

    /// Stores notes 1 to `count`, each titled by its number, note `count` the newest.
    static func importNumberedNotes(_ count: Int, into session: QuireSession) throws {
        let now = Date()
        _ = try NoteStore(path: session.notesPath).importNotes((1...count).map { number in
            (body: title(number), modifiedAt: now.addingTimeInterval(Double(number - count)))
        })
    }

    /// Presses End until `reached` holds, for up to 15 s. A list reads its
    /// later pages a frame or more after its first, so an End pressed before
    /// they are in goes to the last note read by then, as it would for a
    /// person; once they are in, End goes to the oldest.
    static func pressEnd(in session: QuireSession, until reached: () -> Bool) -> Bool {
        eventually(within: 15) {
            _ = try? session.desktop.xdotool("key", "End")
            return eventually(within: 1, reached)
        }
    }

    @Test("a list longer than its first pages: End reaches the oldest note, Home the newest, and the window keeps its note as pages load")
    func longListEnds() throws {
        let session = try QuireSession()
        let count = 2 * 2_000 + 500  // more than End loads in one page (2,000): two and part of a third
        try Self.importNumberedNotes(count, into: session)
        try session.launch()
        _ = try session.waitForWindow(matching: "^\(Self.title(count)) — Quire$")
        session.waitForTrace { $0.contains { $0.callback == "first-frame" } }
        try session.desktop.xdotool("key", "ctrl+f")  // the search field
        try session.desktop.xdotool("key", "Tab")  // on to the list, on the newest note's row
        try session.desktop.xdotool("key", "Down")
        _ = try session.waitForWindow(matching: "^\(Self.title(count - 1)) — Quire$")
        Thread.sleep(forTimeInterval: 1)  // the later pages load after the first frame, a few milliseconds each
        _ = try session.waitForWindow(matching: "^\(Self.title(count - 1)) — Quire$", seconds: 1)  // still on its note
        #expect(Self.pressEnd(in: session) {
            (try? session.waitForWindow(matching: "^\(Self.title(1)) — Quire$", seconds: 0.2)) != nil
        }, "End reaches the oldest note")
        session.keepScreenshot(named: "long-list-end")
        try session.desktop.xdotool("key", "Home")
        _ = try session.waitForWindow(matching: "^\(Self.title(count)) — Quire$", seconds: 15)
        try session.desktop.xdotool("key", "ctrl+q")
        #expect(session.process?.waitForExit(seconds: 10) == 0)
    }

    /// How many notes the list of the first window holds (its trace's last
    /// count: after a page loaded, notes let go, or a change followed).
    static func notesLoaded(in session: QuireSession) -> Int? {
        session.messages.split(separator: "\n")
            .last { ["list: loaded ", "list: kept ", "list: holds "].contains(where: $0.hasPrefix) }
            .flatMap { Int($0.split(separator: " ")[2]) }
    }

    /// How many changes to the notes the first window's list has followed so
    /// far (its trace's "holds" lines end with how many each followed).
    static func changesFollowed(in session: QuireSession) -> Int {
        changesFollowedEachTime(in: session).reduce(0, +)
    }

    /// How many changes the first window's list followed each time it
    /// followed some ("list: holds 33 more=false changes=31": 31).
    static func changesFollowedEachTime(in session: QuireSession) -> [Int] {
        session.messages.split(separator: "\n").filter { $0.hasPrefix("list: holds ") }
            .compactMap { $0.split(separator: "changes=").last.flatMap { Int($0) } }
    }

    /// Launches Quire over notes 1 to `count`, its lists traced, and waits
    /// for its window's first frame; returns the window.
    static func launchOverNumberedNotes(_ count: Int, in session: QuireSession) throws -> String {
        try importNumberedNotes(count, into: session)
        try session.launch(environment: ["QUIRE_TRACE_LISTS": "1"])
        let window = try session.waitForWindow(matching: "^\(title(count)) — Quire$")
        session.waitForTrace { $0.contains { $0.callback == "first-frame" } }
        return window
    }

    /// The number of the note the window shows ("Note 0042 — Quire": 42).
    static func shownNumber(in window: String, of session: QuireSession) -> Int? {
        guard let title = try? session.desktop.xdotool("getwindowname", window), title.hasPrefix("Note ") else { return nil }
        return Int(title.dropFirst(5).prefix(4))
    }

    @Test("a window over thousands of notes loads only what is scrolled through: Page Down brings later notes as it nears them, End the oldest at once")
    func longListLoadsAsScrolled() throws {
        let session = try QuireSession()
        let count = 3_000
        let window = try Self.launchOverNumberedNotes(count, in: session)
        Thread.sleep(forTimeInterval: 1.5)  // what loads after the first frame with nothing scrolled
        let atLaunch = Self.notesLoaded(in: session) ?? 0
        #expect(atLaunch > 0 && atLaunch <= 300, "a screen of rows and a page below it, not all \(count): \(atLaunch)")

        try session.desktop.xdotool("key", "ctrl+f")
        try session.desktop.xdotool("key", "Tab")  // the list, on the newest note's row
        for _ in 0..<40 { try session.desktop.xdotool("key", "Page_Down") }
        #expect(eventually(within: 20) { (Self.shownNumber(in: window, of: session) ?? count) < count - atLaunch },
                "Page Down went past the notes loaded at launch: \(Self.shownNumber(in: window, of: session) ?? -1)")
        let scrolled = Self.notesLoaded(in: session) ?? 0
        #expect(scrolled > atLaunch && scrolled < count, "later pages loaded as they neared, not all at once: \(scrolled)")

        try session.desktop.xdotool("key", "End")
        _ = try session.waitForWindow(matching: "^\(Self.title(1)) — Quire$", seconds: 15)
        #expect(Self.notesLoaded(in: session) == count, "End loaded the rest and went to the oldest")
        Thread.sleep(forTimeInterval: 1)  // the list drawn at its end
        session.keepScreenshot(named: "long-list-loaded-as-scrolled")
        try session.desktop.xdotool("key", "ctrl+q")
        #expect(session.process?.waitForExit(seconds: 10) == 0)
    }

    @Test("another program creating, editing and trashing notes all along the list while it is partly loaded: End then lists every note once")
    func partlyLoadedListFollowsChanges() throws {
        let session = try QuireSession()
        let count = 3_000
        let window = try Self.launchOverNumberedNotes(count, in: session)
        try session.desktop.xdotool("windowfocus", "--sync", window)
        try session.desktop.xdotool("key", "ctrl+f")
        try session.desktop.xdotool("key", "Tab")
        for _ in 0..<20 { try session.desktop.xdotool("key", "Page_Down") }
        #expect(eventually(within: 5) { (Self.notesLoaded(in: session) ?? count) < count }, "partly loaded")

        // Another program: notes made, edited and trashed one by one and in batches, anywhere in the list.
        // The note the window shows is left alone: what the list does is under test here.
        let other = try NoteStore(path: session.notesPath)
        let shownTitle = Self.title(try #require(Self.shownNumber(in: window, of: session)))
        let shown = try #require(try other.allNotes().first { $0.body == shownTitle }).id
        var random = SystemRandomNumberGenerator()
        let now = Date()
        for round in 0..<30 {
            let ids = try other.noteIDs().filter { $0 != shown }
            for index in 0..<10 {
                _ = try other.createNote(body: "Other \(round)-\(index)", at: now.addingTimeInterval(-Double.random(in: -60...4_000, using: &random)))
            }
            for id in ids.shuffled(using: &random).prefix(4) {
                if let note = try other.note(id: id) { _ = try other.saveBody(of: id, to: note.body + " edited", over: note.revision) }
            }
            for id in ids.shuffled(using: &random).prefix(2) { try other.moveToTrash(id) }
            if round % 10 == 0 {
                _ = try other.importNotes((0..<150).map { (body: "Batch \(round)-\($0)", modifiedAt: now.addingTimeInterval(-Double.random(in: 0...4_000, using: &random))) })
            }
            Thread.sleep(forTimeInterval: 0.05)
        }
        // Last, one batch among the notes loaded, too few for the list to let any go: heard of
        // only once all written, its notes are placed one by one against the finished batch.
        Thread.sleep(forTimeInterval: 1)
        _ = try other.importNotes((0..<80).map { (body: "Last batch \($0)", modifiedAt: now.addingTimeInterval(-Double.random(in: 0...150, using: &random))) })
        let storedIDs = try other.noteIDs()
        let stored = storedIDs.count
        let oldestID = try #require(storedIDs.last)
        let oldest = try #require(try other.note(id: oldestID)).body
        Thread.sleep(forTimeInterval: 2)  // most changes heard of; any heard later still count below
        try session.desktop.xdotool("windowfocus", "--sync", window)
        try session.desktop.xdotool("key", "End")
        #expect(eventually(within: 20) { Self.notesLoaded(in: session) == stored },
                "every note once: \(stored) stored, the list's trace: \(session.messages.split(separator: "\n").filter { $0.hasPrefix("list") }.suffix(6))")
        #expect(eventually(within: 15) { (try? session.desktop.xdotool("getwindowname", window))?.hasPrefix(oldest + " — Quire") == true },
                "End went on to the oldest note, \(oldest)")
        try session.desktop.xdotool("key", "ctrl+q")
        #expect(session.process?.waitForExit(seconds: 10) == 0, "the keyboard still works in the window")
    }

    @Test("notes another program writes in one go into a list that held every note all show, newest first, and End reaches the oldest")
    func batchIntoCompleteList() throws {
        let session = try QuireSession()
        let window = try Self.launchOverNumberedNotes(3, in: session)
        // Heard of as one batch, most of it past the end of a list that held every note (as a sync's
        // notes arriving fast are): placed one by one against the whole batch, these once left gaps.
        let now = Date()
        _ = try NoteStore(path: session.notesPath).importNotes((1...60).map { (body: "Batch \($0)", modifiedAt: now.addingTimeInterval(Double($0))) })
        #expect(eventually(within: 15) { Self.changesFollowed(in: session) >= 60 }, "the batch heard of")
        try session.desktop.xdotool("windowfocus", "--sync", window)
        for key in ["ctrl+f", "Tab", "Home"] { try session.desktop.xdotool("key", key) }
        #expect(throws: Never.self) { _ = try session.waitForWindow(matching: "^Batch 60 — Quire$", seconds: 15) }
        try session.desktop.xdotool("key", "End")
        #expect(throws: Never.self) { _ = try session.waitForWindow(matching: "^\(Self.title(1)) — Quire$", seconds: 15) }
        #expect(eventually(within: 5) { Self.notesLoaded(in: session) == 63 },
                "every note once: \(session.messages.split(separator: "\n").filter { $0.hasPrefix("list") }.suffix(6))")
        #expect(try session.stop() == 0)
    }

    @Test("a note another program renames along with a batch of other changes shows its new title in its row, which kept its place")
    func batchRenamesRowInPlace() throws {
        let session = try QuireSession(accessibility: true)
        let count = 30
        _ = try Self.launchOverNumberedNotes(count, in: session)
        let tree = try AccessibilityTree(desktop: session.desktop)
        _ = PinTests.rows(tree) { PinTests.titles($0).first == Self.title(count) }
        // The newest note renamed stays first; heard of with 20 notes older than all (one batch, most likely).
        let other = try NoteStore(path: session.notesPath)
        let newest = try #require(try other.allNotes().first { $0.body == Self.title(count) })
        _ = try other.saveBody(of: newest.id, to: "Renamed \(count)", over: newest.revision)
        let longAgo = Date().addingTimeInterval(-100_000)
        _ = try other.importNotes((1...20).map { (body: "Old \($0)", modifiedAt: longAgo.addingTimeInterval(Double($0))) })
        #expect(eventually(within: 15) { Self.changesFollowed(in: session) >= 21 }, "the changes heard of")
        let rows = PinTests.titles(PinTests.rows(tree) { PinTests.titles($0).first == "Renamed \(count)" })
        #expect(rows.first == "Renamed \(count)" && rows.dropFirst().first == Self.title(count - 1),
                "the renamed note's row shows its new title, first: \(rows.prefix(3))")
        #expect(try session.stop() == 0)
    }

    @Test("two main windows' lists follow an edit made in one of them, and the other window stays on the edited note as its row moves")
    func twoListsFollowAnEdit() throws {
        let session = try QuireSession(accessibility: true)
        let now = Date()
        _ = try NoteStore(path: session.notesPath).importNotes([
            (body: "Oldest", modifiedAt: now.addingTimeInterval(-300)),
            (body: "Middle", modifiedAt: now.addingTimeInterval(-200)),
            (body: "Newest", modifiedAt: now.addingTimeInterval(-100)),
        ])
        try session.launch()
        let first = try session.waitForWindow(matching: "^Newest — Quire$")
        try session.desktop.xdotool("windowfocus", "--sync", first)
        try session.desktop.xdotool("key", "ctrl+shift+n")
        let second = try session.focusNewWindow(besides: [first])
        try session.desktop.xdotool("windowmove", second, "600", "200")
        // Both windows on Middle, the second row: its row moves when the first window edits it.
        for window in [second, first] {
            _ = try session.focus(window)
            try session.desktop.xdotool("mousemove", "--window", window, "\(QuireSession.secondRow.x)", "\(QuireSession.secondRow.y)")
            try session.desktop.xdotool("click", "1")
            #expect(eventually(within: 15) { (try? session.desktop.xdotool("getwindowname", window))?.hasPrefix("Middle — Quire") == true })
        }
        try session.desktop.xdotool("mousemove", "--window", first, "400", "300")
        try session.desktop.xdotool("click", "1")
        try session.desktop.xdotool("key", "ctrl+End")
        try session.desktop.xdotool("type", "--delay", "12", " edited")
        #expect(eventually(within: 20) { (try? session.allBodies().contains("Middle edited")) == true })
        session.keepScreenshot(named: "two-lists-after-edit")

        let tree = try AccessibilityTree(desktop: session.desktop)
        let order = Array(repeating: ["Middle edited", "Newest", "Oldest"], count: 2).flatMap { $0 }
        let rows = PinTests.titles(PinTests.rows(tree) { PinTests.titles($0) == order })
        #expect(rows == order, "the edited note first in both windows' lists")
        let secondTitle = try session.desktop.xdotool("getwindowname", second).trimmingCharacters(in: .newlines)
        #expect(secondTitle == "Middle edited — Quire", "the second window kept its note as its row moved")
        try session.desktop.xdotool("key", "ctrl+q")
        #expect(session.process?.waitForExit(seconds: 10) == 0)
    }

    @Test("restored main windows over a long list each show every note after their first frame: End reaches the oldest")
    func restoredListsShowEveryNote() throws {
        let session = try QuireSession()
        let count = 500  // more than the 205 rows GTK keeps for a list
        try Self.importNumberedNotes(count, into: session)
        try session.launch()
        let first = try session.waitForWindow(matching: "^\(Self.title(count)) — Quire$")
        try session.desktop.xdotool("windowfocus", "--sync", first)
        try session.desktop.xdotool("key", "ctrl+shift+n")
        _ = try session.focusNewWindow(besides: [first])
        try session.desktop.xdotool("key", "ctrl+q")
        #expect(session.process?.waitForExit(seconds: 10) == 0)

        try session.launch()
        session.waitForTrace { $0.filter { $0.callback == "first-frame" }.count == 2 }
        let restored = session.windowIDs()
        #expect(restored.count == 2, "both main windows came back")
        for window in restored {
            _ = try session.focus(window)
            for key in ["ctrl+f", "Tab"] { try session.desktop.xdotool("key", key) }
            #expect(Self.pressEnd(in: session) {
                (try? session.desktop.xdotool("getwindowname", window))?.hasPrefix("\(Self.title(1)) — Quire") == true
            }, "End in each restored window's list reaches the oldest note")
        }
        try session.desktop.xdotool("key", "ctrl+q")
        #expect(session.process?.waitForExit(seconds: 10) == 0)
    }

    @Test("ending a search selects the note the window shows and scrolls the list to it, however far down it is")
    func searchEndsOnTheNoteShown() throws {
        let session = try QuireSession(accessibility: true)
        let store = try NoteStore(path: session.notesPath)
        let now = Date()
        try store.createNote(body: "Zebra facts\nstripes", at: now.addingTimeInterval(-100_000))
        _ = try store.importNotes((1...40).map { (body: "Note \($0)\nplain text", modifiedAt: now.addingTimeInterval(Double($0))) })
        try session.launch()
        let window = try session.waitForWindow(matching: "^Note 40 — Quire$")
        try session.desktop.xdotool("key", "ctrl+f")
        try session.desktop.type("zebra", into: window)
        try session.desktop.xdotool("key", "Return")
        _ = try session.waitForWindow(matching: "^Zebra facts — Quire$")
        try session.desktop.xdotool("key", "ctrl+f", "Escape")
        let tree = try AccessibilityTree(desktop: session.desktop)
        let rows = tree.elements { $0.role == "list item" && $0.name.hasPrefix("Zebra facts") && $0.isSelected }
        let zebra = try #require(rows.first { $0.role == "list item" && $0.name.hasPrefix("Zebra facts") }, "its row is loaded")
        #expect(zebra.isSelected, "the note shown is selected in the list")
        let frame = try #require(zebra.frame)
        let window_ = try session.desktop.geometry(of: window)
        // A row out of view reports no extents (0 × 0).
        #expect(frame.height > 0 && frame.y > 0 && frame.y + frame.height <= Int32(window_.height), "its row is in view: \(frame) in \(window_)")
        session.keepScreenshot(named: "search-ended")
        #expect(try session.stop() == 0)
    }

    @Test("typing in the list searches: the letters go into the search field; Return in the list and Delete keep their meaning, and Shift+F10 opens the row's menu")
    func typingInTheListSearches() throws {
        let session = try QuireSession(accessibility: true)
        let store = try NoteStore(path: session.notesPath)
        let now = Date()
        _ = try store.importNotes(["Apple pie\nbake", "Banana bread\nmix", "Cherry jam\nboil"].enumerated().map {
            (body: $0.element, modifiedAt: now.addingTimeInterval(Double($0.offset)))
        })
        try session.launch()
        let window = try session.waitForWindow(matching: "^Cherry jam — Quire$")
        let tree = try AccessibilityTree(desktop: session.desktop)
        func shownRows() -> [String] {
            ((try? tree.elements()) ?? []).filter { $0.role == "list item" && $0.frame.map { $0.height > 0 } == true }.map(\.name)
        }
        // A click on the second row puts the keyboard in the list.
        try session.desktop.xdotool("mousemove", "--window", window, "\(QuireSession.secondRow.x)", "\(QuireSession.secondRow.y)")
        try session.desktop.xdotool("click", "1")
        _ = try session.waitForWindow(matching: "^Banana bread — Quire$")
        try session.desktop.type("appl", into: window)
        #expect(eventually(within: 10) { let rows = shownRows(); return rows.count == 1 && rows[0].hasPrefix("Apple pie") },
                "the list shows the search's one note: \(shownRows())")
        // The keyboard went with the letters: Return in the field opens the first result.
        try session.desktop.xdotool("key", "Return")
        _ = try session.waitForWindow(matching: "^Apple pie — Quire$")
        session.keepScreenshot(named: "list-typing-searched")
        try session.desktop.xdotool("key", "ctrl+f", "Escape")
        #expect(eventually(within: 10) { shownRows().count == 3 }, "the search ended: \(shownRows())")

        // In the list, Down and Return still open the next note, and Delete trashes it.
        try session.desktop.xdotool("mousemove", "--window", window, "\(QuireSession.secondRow.x)", "\(QuireSession.secondRow.y)")
        try session.desktop.xdotool("click", "1")
        _ = try session.waitForWindow(matching: "^Banana bread — Quire$")
        try session.desktop.xdotool("key", "Down", "Return")
        _ = try session.waitForWindow(matching: "^Apple pie — Quire$")
        try session.desktop.xdotool("mousemove", "--window", window, "\(QuireSession.secondRow.x)", "\(QuireSession.secondRow.y)")
        try session.desktop.xdotool("click", "1")
        _ = try session.waitForWindow(matching: "^Banana bread — Quire$")
        try session.desktop.xdotool("key", "Delete")
        #expect(eventually(within: 10) { (try? store.trashedNotes().map(\.title)) == ["Banana bread"] }, "Delete in the list trashed the note")

        // Shift+F10 opens the selected row's menu, as a right-click does: its second item pins the note.
        try session.desktop.xdotool("mousemove", "--window", window, "\(QuireSession.secondRow.x)", "\(QuireSession.secondRow.y)")
        try session.desktop.xdotool("click", "1")
        _ = try session.waitForWindow(matching: "^Apple pie — Quire$")
        #expect(try session.popUp({ try session.desktop.xdotool("key", "shift+F10") }), "the row's menu opened")
        try session.desktop.xdotool("key", "Down", "Return")
        let apple = try #require(try store.allNotes().first { $0.title == "Apple pie" })
        #expect(eventually(within: 10) { (try? store.isPinned(apple.id)) == true }, "the menu's Pin Note pinned it")
        #expect(try session.stop() == 0)
    }

    @Test("two windows tell a note's age alike, though their lists were filled a few seconds apart, across the minute's turn")
    func agesAlikeInEveryWindow() throws {
        let session = try QuireSession(accessibility: true)
        // A minute old three seconds from now: the first window's list is filled before, the second's after.
        let modified = Date().addingTimeInterval(-57)
        try NoteStore(path: session.notesPath).createNote(body: "Old note\nfrom a minute ago", at: modified)
        try session.launch()
        let first = try session.waitForWindow(matching: "^Old note — Quire$")
        let tree = try AccessibilityTree(desktop: session.desktop)
        let rows = { tree.elements { $0.name.hasPrefix("Old note, ") }.filter { $0.role == "list item" && $0.name.hasPrefix("Old note, ") } }
        #expect(eventually(within: 10) { rows().count == 1 })
        while Date().timeIntervalSince(modified) < 61 { Thread.sleep(forTimeInterval: 0.2) }  // the minute turns
        _ = try session.runSecond(["--new-window"])
        _ = try session.focusNewWindow(besides: [first])
        var found: [AccessibilityTree.Element] = []
        #expect(eventually(within: 10) {
            found = rows()
            return found.count == 2
        }, "a row in each window: \(found)")
        #expect(Set(found.map(\.name)).count == 1, "the same age in both: \(found.map(\.name))")
        #expect(try session.stop() == 0)
    }
}
