import Foundation
import NoteModel
import Testing
import TestSupport

/// A note moved to the trash by another program (a sync, another device)
/// while the person types in it, everything typed so far saved: the window
/// stays on it, says so, and keeps what is typed on, never putting it into
/// another note.
@Suite("A note removed elsewhere, end to end", .serialized)
struct RemovedElsewhereTests {
    /// Quire showing "Plan\nbuy bread" (the newest of two notes), with the
    /// cursor at the end of its first line, in its own window or the main
    /// one; and the notes as another program reads them.
    private func typingInPlan(inOwnWindow: Bool) throws -> (session: QuireSession, window: String, store: NoteStore, plan: Note) {
        let session = try QuireSession(accessibility: true)
        let store = try NoteStore(path: session.notesPath)
        _ = try store.createNote(body: "Other note")
        let plan = try store.createNote(body: "Plan\nbuy bread")
        try session.launch()
        let main = try session.waitForWindow(matching: "^Plan — Quire$")
        _ = try session.focus(main)
        var window = main
        if inOwnWindow {
            try session.desktop.xdotool("key", "ctrl+shift+o")  // Open in New Window
            window = try session.focusNewWindow(besides: [main])
        }
        try session.desktop.xdotool("key", "ctrl+Home", "End")
        return (session, window, store, plan)
    }

    /// Waits for the bar saying the note was moved to the trash elsewhere; returns what it says.
    private func removalBar(in session: QuireSession) throws -> [String] {
        try AccessibilityTree(desktop: session.desktop).elements(once: { $0.name.contains("trash elsewhere") })
            .map(\.name).filter { $0.contains("trash elsewhere") }
    }

    @Test(
        "a note trashed elsewhere as the person types in it, all saved: the window (a note's own, or the main window) stays on it, says so, and the next words become a new note with the window going on in it",
        arguments: [true, false])
    func typingOn(inOwnWindow: Bool) throws {
        let (session, window, store, plan) = try typingInPlan(inOwnWindow: inOwnWindow)
        let windowsBefore = session.windowIDs().count
        try store.moveToTrash(plan.id)  // another program's write: Quire finds it as it looks for them
        let bar = try removalBar(in: session)
        #expect(bar.contains { $0.contains("Anything typed into it is kept as a new note") }, "the window says so: \(bar)")
        #expect(session.windowIDs().count == windowsBefore, "the window stays open")
        #expect(session.desktop.windowTitles(matching: "Quire$").contains("Plan — Quire"), "on the note")
        session.keepScreenshot(named: "removed-elsewhere-\(inOwnWindow ? "own" : "main")")

        try session.desktop.type(" (shop)", into: window)
        #expect(eventually(within: 10) { (try? store.allNotes().map(\.body).sorted()) == ["Other note", "Plan (shop)\nbuy bread"] },
                "the words typed became a note, where the cursor was: \((try? store.allNotes().map(\.body)) ?? [])")
        try session.desktop.type(" today", into: window)
        #expect(eventually(within: 10) { (try? store.allNotes().map(\.body).sorted()) == ["Other note", "Plan (shop) today\nbuy bread"] },
                "the next words follow them: \((try? store.allNotes().map(\.body)) ?? [])")
        #expect(try store.trashedNotes().map(\.body) == ["Plan\nbuy bread"], "nothing is written into the trash")
        let said = try AccessibilityTree(desktop: session.desktop).elements(once: { $0.name.contains("kept as a new note, “Plan (shop)”") })
        #expect(said.contains { $0.name.contains("kept as a new note, “Plan (shop)”") }, "the window says where the words went")
        session.keepScreenshot(named: "removed-elsewhere-typing-on-\(inOwnWindow ? "own" : "main")")
        #expect(try session.stop() == 0)
    }

    @Test("a note trashed elsewhere in its own window or the main one: Restore in the bar (Alt+R) takes it out of the trash, the bar goes, and typing saves into it",
          arguments: [true, false])
    func restoreFromTheBar(inOwnWindow: Bool) throws {
        let (session, window, store, plan) = try typingInPlan(inOwnWindow: inOwnWindow)
        try store.moveToTrash(plan.id)
        _ = try removalBar(in: session)
        let buttons = try AccessibilityTree(desktop: session.desktop).elements().filter { $0.role == "button" && $0.name.contains("Restore") }
        #expect(buttons.map(\.name) == ["Restore"], "a screen reader reads the button as it shows, without its mnemonic's underscore")
        try session.desktop.xdotool("key", "alt+r")
        #expect(eventually(within: 10) { (try? store.trashedNotes().isEmpty) == true }, "out of the trash")
        let tree = try AccessibilityTree(desktop: session.desktop)
        #expect(eventually(within: 10) { ((try? tree.elements()) ?? []).allSatisfy { !$0.name.contains("trash elsewhere") } },
                "the bar goes, for a screen reader too: \(((try? tree.elements()) ?? []).filter { $0.name.contains("elsewhere") })")
        session.keepScreenshot(named: "removed-elsewhere-restored")
        try session.desktop.type(" (shop)", into: window)
        #expect(eventually(within: 10) { (try? store.note(id: plan.id)?.body) == "Plan (shop)\nbuy bread" },
                "typing saves into the note: \((try? store.allNotes().map(\.body)) ?? [])")
        #expect(try store.allNotes().count == 2, "no new note")
        #expect(try session.stop() == 0)
    }

    @Test("a note deleted for good elsewhere while its own window shows it: the window stays, says so, and words typed become a new note")
    func deletedForGood() throws {
        let (session, window, store, plan) = try typingInPlan(inOwnWindow: true)
        try store.moveToTrash(plan.id)
        _ = try store.deletePermanently(plan.id)
        let said = try AccessibilityTree(desktop: session.desktop).elements(once: { $0.name.contains("deleted elsewhere") })
        #expect(said.contains { $0.name.contains("This note was deleted elsewhere") }, "the window says so")
        try session.desktop.type(" (shop)", into: window)
        #expect(eventually(within: 10) { (try? store.allNotes().map(\.body).sorted()) == ["Other note", "Plan (shop)\nbuy bread"] },
                "the words typed became a note: \((try? store.allNotes().map(\.body)) ?? [])")
        #expect(try session.stop() == 0)
    }

    @Test("killed the moment the words typed into a note trashed elsewhere became a new note: the next launch has them, once")
    func killedAsTheWordsAreKept() throws {
        let (session, window, store, plan) = try typingInPlan(inOwnWindow: false)
        try store.moveToTrash(plan.id)
        _ = try removalBar(in: session)
        try session.desktop.type(" (shop)", into: window)
        let kept = { (try? store.allNotes().map(\.body).sorted()) == ["Other note", "Plan (shop)\nbuy bread"] }
        #expect(eventually(within: 10, kept))
        session.process?.send(SIGKILL)  // the journal of the typing may still be there: its replay must not copy them again
        _ = session.process?.waitForExit(seconds: 10)
        let journals = (try? FileManager.default.contentsOfDirectory(atPath: "\(session.stateHome)/io.github.quire.Quire/journals")) ?? []

        try session.launch()
        _ = try session.waitForWindow(matching: " — Quire$")
        #expect(kept(), "the words once, in one note: \((try? store.allNotes().map(\.body)) ?? []); journals left by the kill: \(journals)")
        #expect(try store.trashedNotes().map(\.body) == ["Plan\nbuy bread"])
        #expect(try session.stop() == 0)
    }

    @Test("Undo, then the note trashed elsewhere with words typed still unsaved, then Redo: the window went on in the new note with its Undo history, and Redo puts the words back there")
    func redoAfterGoingOn() throws {
        let (session, window, store, plan) = try typingInPlan(inOwnWindow: false)
        // Another program (a sync) holds the notes while these words are typed, then trashes the note.
        let lock = try session.holdNotesLock(thenRunning: "UPDATE notes SET trashed_at = strftime('%s', 'now') WHERE id = '\(plan.id.uuidString)';")
        #expect(lock.taken, "the lock is taken: \(lock.holder.standardError)")
        try session.desktop.type(" (shop)", into: window)
        try session.desktop.xdotool("key", "Left", "Right")  // the next words are an Undo step of their own
        try session.desktop.type(" today", into: window)
        try session.desktop.xdotool("key", "ctrl+z")
        #expect(eventually(within: 30) { session.drafts().map(\.body).contains("Plan (shop)\nbuy bread") },
                "Undo took out the last words, and the rest wait in a draft: \(session.drafts().map(\.body))")
        #expect(lock.release() == 0, "the note went to the trash: \(lock.holder.standardError)")
        #expect(eventually(within: 20) { (try? store.allNotes().map(\.body).sorted()) == ["Other note", "Plan (shop)\nbuy bread"] },
                "the words typed became a note: \(session.messages.suffix(800))")
        _ = try AccessibilityTree(desktop: session.desktop).elements(once: { $0.name.contains("kept as a new note") })
        try session.desktop.xdotool("key", "ctrl+shift+z")
        #expect(eventually(within: 10) { (try? store.allNotes().map(\.body).sorted()) == ["Other note", "Plan (shop) today\nbuy bread"] },
                "Redo put the words back, in the new note: \((try? store.allNotes().map(\.body)) ?? [])")
        #expect(try store.trashedNotes().map(\.body) == ["Plan\nbuy bread"], "nothing is written into the trash")
        #expect(try session.stop() == 0)
    }

    /// Waits for the bar saying the note the window opened on is in the trash; returns what it says.
    private func inTrashBar(in session: QuireSession) -> [String] {
        (try? AccessibilityTree(desktop: session.desktop).elements(once: { $0.name.hasPrefix("This note is in the trash") })
            .map(\.name).filter { $0.hasPrefix("This note is in the trash") }) ?? []
    }

    @Test("a note's own window restored on a note moved to the trash elsewhere while Quire was closed: it opens on the note and says so, and words typed there become a new note")
    func restoredOnNoteInTrash() throws {
        let (session, _, store, plan) = try typingInPlan(inOwnWindow: true)
        #expect(try session.stop() == 0)
        try store.moveToTrash(plan.id)  // another device's sync, while Quire is closed

        try session.launch()
        // The main window shows the newest note; until it is filled in (it was behind the note's own
        // window), it too is titled "Plan", as it was at the quit: only then is "Plan" one window.
        _ = try session.waitForWindow(matching: "^Other note — Quire$")
        let own = try session.waitForWindow(matching: "^Plan — Quire$")
        #expect(inTrashBar(in: session).contains { $0.contains("Anything typed into it is kept as a new note") },
                "the window says so: \(session.messages.suffix(800))")
        #expect(session.windowIDs().count == 2, "the window stays open")
        session.keepScreenshot(named: "restored-on-note-in-trash")
        try session.desktop.type(" (shop)", into: own)
        #expect(eventually(within: 10) { (try? store.allNotes().map(\.body).sorted()) == ["Other note", "Plan (shop)\nbuy bread"] },
                "the words typed became a note, where the cursor was: \((try? store.allNotes().map(\.body)) ?? [])")
        #expect(try store.trashedNotes().map(\.body) == ["Plan\nbuy bread"], "nothing is written into the trash")
        #expect(try session.stop() == 0)
    }

    @Test("a note's own window restored on a note in the trash, in front as the launch has something to say: both bars show, and OK on the launch's notice (Alt+O) leaves the bar saying the note is in the trash, with Restore")
    func restoredOnNoteInTrashWithLaunchNotice() throws {
        let (session, _, store, plan) = try typingInPlan(inOwnWindow: true)
        #expect(try session.stop() == 0)
        try store.moveToTrash(plan.id)  // another device's sync, while Quire is closed
        // The last run could not save words typed into the other note: the launch puts them back and says so.
        let other = try #require(try store.allNotes().first { $0.body == "Other note" })
        let drafts = DraftStore(stateDirectory: "\(session.stateHome)/io.github.quire.Quire")
        try drafts.write(NoteDraft(noteID: other.id, body: "Other note, longer", baseBody: other.body, baseRevision: other.revision))

        try session.launch()
        _ = try session.waitForWindow(matching: "^Plan — Quire$")
        _ = try session.waitForWindow(matching: "^Other note, longer — Quire$")
        let tree = try AccessibilityTree(desktop: session.desktop)
        let isLaunchNotice = { (name: String) in name.hasPrefix("Quire put back text") }
        let said = tree.elements(once: { isLaunchNotice($0.name) }).map(\.name)
        #expect(said.contains(where: isLaunchNotice), "the launch says what it put back: \(session.messages.suffix(800))")
        #expect(inTrashBar(in: session).count == 1, "the window still says its note is in the trash: \(said.filter { $0.contains("Quire") || $0.contains("trash") })")
        session.keepScreenshot(named: "restored-in-trash-with-launch-notice")
        try session.desktop.xdotool("key", "alt+o")
        #expect(eventually(within: 10) { ((try? tree.elements()) ?? []).allSatisfy { !isLaunchNotice($0.name) } }, "OK hides the launch's notice")
        #expect(inTrashBar(in: session).count == 1, "and leaves the bar saying the note is in the trash")
        try session.desktop.xdotool("key", "alt+r")
        #expect(eventually(within: 10) { (try? store.trashedNotes().isEmpty) == true }, "Restore takes the note out of the trash")
        #expect(try session.stop() == 0)
    }

    @Test("windows restored on a note deleted for good while Quire was closed: a note's own window opens on a new note and says why, the main window shows the newest note")
    func restoredOnNoteDeletedForGood() throws {
        let (session, _, store, plan) = try typingInPlan(inOwnWindow: true)
        #expect(try session.stop() == 0)
        try store.moveToTrash(plan.id)  // another program, while Quire is closed
        _ = try store.deletePermanently(plan.id)

        try session.launch()
        let own = try session.waitForWindow(matching: "^New Note — Quire$")  // the note's own window
        _ = try session.waitForWindow(matching: "^Other note — Quire$")  // the main window: the newest note
        #expect(session.windowIDs().count == 2, "both windows come back")
        let said = (try? AccessibilityTree(desktop: session.desktop).elements(once: { $0.name.hasPrefix("The note this window showed") })
            .map(\.name).filter { $0.hasPrefix("The note this window showed") }) ?? []
        #expect(said == ["The note this window showed was deleted elsewhere. Anything typed here starts a new note."],
                "the note's own window says why it is empty: \(said) \(session.messages.suffix(800))")
        session.keepScreenshot(named: "restored-on-note-deleted-for-good")
        try session.desktop.type("Fresh start", into: own)
        #expect(eventually(within: 10) { (try? store.allNotes().map(\.body).sorted()) == ["Fresh start", "Other note"] },
                "the words typed became a note: \((try? store.allNotes().map(\.body)) ?? [])")
        let tree = try AccessibilityTree(desktop: session.desktop)
        #expect(eventually(within: 10) { ((try? tree.elements()) ?? []).allSatisfy { !$0.name.hasPrefix("The note this window showed") } },
                "the bar goes once the window holds a note of its own")
        #expect(try session.stop() == 0)
    }

    @Test("a link to a note in the trash opens it in its own window, which says so; Restore in the bar (Alt+R) takes it out of the trash, and typing saves into it")
    func linkToNoteInTrash() throws {
        let session = try QuireSession(accessibility: true)
        let store = try NoteStore(path: session.notesPath)
        let groceries = try store.createNote(body: "Groceries")
        try store.moveToTrash(groceries.id)
        _ = try store.createNote(body: "Plans")
        try session.launch()
        let main = try session.waitForWindow(matching: "^Plans — Quire$")

        #expect(try session.runSecond(["quire://note/\(groceries.id.uuidString.lowercased())"]).status == 0)
        let own = try session.focusNewWindow(besides: [main])
        #expect(inTrashBar(in: session).count == 1, "the window opened on it says so: \(session.messages.suffix(800))")
        #expect(session.desktop.windowTitles(matching: "Quire$").sorted() == ["Groceries — Quire", "Plans — Quire"])
        try session.desktop.xdotool("key", "alt+r")
        #expect(eventually(within: 10) { (try? store.trashedNotes().isEmpty) == true }, "out of the trash")
        let tree = try AccessibilityTree(desktop: session.desktop)
        #expect(eventually(within: 10) { ((try? tree.elements()) ?? []).allSatisfy { !$0.name.hasPrefix("This note is in the trash") } },
                "the bar goes")
        try session.desktop.xdotool("key", "ctrl+End")
        try session.desktop.type(" and milk", into: own)
        #expect(eventually(within: 10) { (try? store.note(id: groceries.id)?.body) == "Groceries and milk" },
                "typing saves into the note: \((try? store.allNotes().map(\.body)) ?? [])")
        #expect(try store.allNotes().count == 2, "no new note")
        #expect(try session.stop() == 0)
    }

    @Test("Move to Trash (Alt+Delete) in a note's own window opened on a note in the trash closes the window and leaves the note as it is, without an error")
    func moveToTrashWhenInTrash() throws {
        let session = try QuireSession(accessibility: true)
        let store = try NoteStore(path: session.notesPath)
        let groceries = try store.createNote(body: "Groceries")
        try store.moveToTrash(groceries.id)
        let trashed = try #require(try store.trashedNotes().first)
        _ = try store.createNote(body: "Plans")
        try session.launch()
        let main = try session.waitForWindow(matching: "^Plans — Quire$")
        #expect(try session.runSecond(["quire://note/\(groceries.id.uuidString.lowercased())"]).status == 0)
        _ = try session.focusNewWindow(besides: [main])
        #expect(inTrashBar(in: session).count == 1)

        try session.desktop.xdotool("key", "alt+Delete")
        #expect(eventually(within: 10) { session.windowIDs() == [main] }, "the note's window closed")
        #expect(try store.trashedNotes() == [trashed], "the note stays in the trash as it was")
        #expect(!session.messages.contains("could not move the note to the trash"), "\(session.messages.suffix(800))")
        #expect(try session.stop() == 0)
    }
}
