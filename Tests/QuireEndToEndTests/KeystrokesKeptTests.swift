import Foundation
import NoteModel
import Testing
import TestSupport

/// Every keystroke that reached Quire survives the process being killed, or
/// losing its display, before the autosave: the typing journal has it, and
/// the next launch puts it back into the note and says so.
@Suite("Keystrokes kept, end to end", .serialized)
struct KeystrokesKeptTests {
    /// Types `words` after the saved `saved` and returns once Quire's journal
    /// holds every one of them (each keystroke reached Quire), with the note
    /// as stored then.
    private func typeUntilJournaled(_ words: String, after saved: String, in session: QuireSession, window: String) throws -> String {
        try session.desktop.type(words, into: window)
        var stored = ""
        let journaled = eventually(within: 10) {
            stored = (try? session.storedBody()) ?? ""
            return session.journaledText() == saved + words
        }
        try #require(journaled, "the journal holds every keystroke typed")
        return stored
    }

    @Test("words typed a moment before a SIGKILL, before the autosave, are in the note after the next launch, which says so")
    func killedBeforeAutosave() throws {
        let session = try QuireSession(accessibility: true)
        try session.launch()
        let window = try session.waitForWindow(matching: "^New Note — Quire$")
        try session.desktop.type("Kept words", into: window)
        #expect(eventually(within: 5) { (try? session.storedBody()) == "Kept words" })
        let storedAtKill = try typeUntilJournaled(" LAST WORDS", after: "Kept words", in: session, window: window)
        session.process?.send(SIGKILL)
        _ = session.process?.waitForExit(seconds: 10)
        #expect(storedAtKill == "Kept words", "killed before the autosave wrote the last words")

        try session.launch()
        _ = try session.waitForWindow(matching: "^Kept words LAST WORDS — Quire$")
        #expect(try session.storedBody() == "Kept words LAST WORDS")
        #expect(session.messages.contains("recovered typing of note"), "\(session.messages.suffix(2_000))")
        let said = try AccessibilityTree(desktop: session.desktop).elements { $0.name.hasPrefix("Quire put back text") }
        #expect(said.contains { $0.name.hasPrefix("Quire put back text") && $0.name.contains("Kept words LAST WORDS") },
                "the window says so: \(said.map(\.name).filter { $0.contains("Quire") })")
        session.keepScreenshot(named: "keystrokes-recovered")
        #expect(try session.stop() == 0)
        let left = (try? FileManager.default.contentsOfDirectory(atPath: "\(session.stateHome)/io.github.quire.Quire/journals")) ?? []
        #expect(left.isEmpty, "no journal left once all is saved: \(left)")
    }

    @Test(
        "a note trashed elsewhere while words typed into it wait to be saved: they become a note of its own, the window (a note's own, or the main window) stays on it with the cursor where it was, and the next words follow them",
        arguments: [true, false])
    func trashedElsewhereWhileTyping(inOwnWindow: Bool) throws {
        let session = try QuireSession(accessibility: true)
        let store = try NoteStore(path: session.notesPath)
        let note = try store.createNote(body: "Plan\nbuy bread")
        try session.launch()
        let main = try session.waitForWindow(matching: "^Plan — Quire$")
        _ = try session.focus(main)
        var window = main
        if inOwnWindow {
            try session.desktop.xdotool("key", "ctrl+shift+o")  // Open in New Window
            window = try session.focusNewWindow(besides: [main])
        }
        // Mid-note: a window that showed the kept note from its start or its end would put the next words elsewhere.
        try session.desktop.xdotool("key", "ctrl+Home", "End")
        // Another program (a sync) holds the notes while these words are typed, then trashes the note.
        let lock = try session.holdNotesLock(thenRunning: "UPDATE notes SET trashed_at = strftime('%s', 'now') WHERE id = '\(note.id.uuidString)';")
        #expect(lock.taken, "the lock is taken: \(lock.holder.standardError)")
        try session.desktop.type(" (shop)", into: window)
        #expect(eventually(within: 30) { session.drafts().map(\.body).contains("Plan (shop)\nbuy bread") },
                "the words wait in a draft: \(session.messages.suffix(800))")
        #expect(lock.release() == 0, "the note went to the trash: \(lock.holder.standardError)")
        #expect(eventually(within: 20) { (try? store.allNotes().map(\.body)) == ["Plan (shop)\nbuy bread"] },
                "the words typed became a note: \(session.messages.suffix(800))")

        try session.desktop.type(" today", into: window)
        #expect(eventually(within: 10) { (try? store.allNotes().map(\.body)) == ["Plan (shop) today\nbuy bread"] },
                "the next words follow them, where the cursor was: \((try? store.allNotes().map(\.body)) ?? [])")
        #expect(try store.trashedNotes().map(\.body) == ["Plan\nbuy bread"], "nothing is written into the trash")
        #expect(session.windowIDs().count == (inOwnWindow ? 2 : 1), "the window stays open: \(session.desktop.windowTitles(matching: "Quire$"))")
        let said = try AccessibilityTree(desktop: session.desktop).elements(once: { $0.name.contains("moved to the trash elsewhere") })
        #expect(said.contains { $0.name.contains("kept as a new note") }, "the window says so")
        session.keepScreenshot(named: "trashed-elsewhere-while-typing-\(inOwnWindow ? "own" : "main")")
        #expect(try session.stop() == 0)
    }

    @Test("text put back into a note trashed meanwhile becomes a note of its own, and the two-line bar saying so lays out without a GTK critical")
    func recoveredIntoTrashedNote() throws {
        let session = try QuireSession(accessibility: true)
        try session.launch()
        let window = try session.waitForWindow(matching: "^New Note — Quire$")
        try session.desktop.type("Kept words", into: window)
        #expect(eventually(within: 5) { (try? session.storedBody()) == "Kept words" })
        _ = try typeUntilJournaled(" LAST WORDS", after: "Kept words", in: session, window: window)
        session.process?.send(SIGKILL)
        _ = session.process?.waitForExit(seconds: 10)
        // Another device's sync trashes the note before Quire comes back.
        let store = try NoteStore(path: session.notesPath)
        try store.moveToTrash(try #require(try store.allNotes().first).id)

        try session.launch()
        // GTK 4.8 measured a row holding a label of two lines and a button one
        // pixel taller for a wide window than for none, and said so with a
        // critical (fatal in the tests) as it worked out the window's smallest size.
        let said = try AccessibilityTree(desktop: session.desktop).elements(once: { $0.name.contains("became a note of its own") })
            .filter { $0.name.contains("became a note of its own") }
        #expect(said.contains { $0.name.hasPrefix("Quire put back text") && $0.name.contains("\n") },
                "one bar says both, on two lines: \(session.messages.suffix(3_000))")
        #expect(eventually(within: 10) { (try? session.storedNotes().map(\.body)) == ["Kept words LAST WORDS"] })
        #expect(session.process?.isRunning == true, "\(session.messages.suffix(3_000))")
        session.keepScreenshot(named: "recovered-two-line-bar")
        #expect(try session.stop() == 0)
        #expect(!session.messages.contains("CRITICAL"), "\(session.messages.suffix(3_000))")
    }

    @Test("recovery copies left by the last run: the one whose text its note holds already is removed without a word, and the notice names only the note text went back into")
    func recoveredTextNamedOnlyWherePutBack() throws {
        let session = try QuireSession(accessibility: true)
        let store = try NoteStore(path: session.notesPath)
        let saved = try store.createNote(body: "Shopping list\nmilk", at: Date(timeIntervalSinceNow: -60))
        let behind = try store.createNote(body: "Letter\nDear Ann")
        // The last run could not save either note and stopped; the first note's
        // text was saved after all (another device's sync brought the same words).
        let drafts = DraftStore(stateDirectory: "\(session.stateHome)/io.github.quire.Quire")
        try drafts.write(NoteDraft(noteID: saved.id, body: saved.body, baseBody: "Shopping list", baseRevision: saved.revision))
        try drafts.write(NoteDraft(noteID: behind.id, body: "Letter\nDear Ann, thank you", baseBody: behind.body, baseRevision: behind.revision))

        try session.launch()
        _ = try session.waitForWindow(matching: "^Letter — Quire$")
        let said = try AccessibilityTree(desktop: session.desktop).elements(once: { $0.name.hasPrefix("Quire put back text") })
            .filter { $0.name.hasPrefix("Quire put back text") }
        #expect(said.map(\.name) == ["Quire put back text it could not save last time, into the note “Letter”."],
                "one notice, naming the note that changed: \(session.messages.suffix(2_000))")
        #expect(try store.allNotes().map(\.body).sorted() == ["Letter\nDear Ann, thank you", "Shopping list\nmilk"])
        #expect(session.drafts().isEmpty, "both copies are gone, their text in the notes")
        #expect(try session.stop() == 0)
    }

    @Test("words typed just before the display is lost (the compositor crashed) are in the note after the next launch")
    func displayLost() throws {
        let first = try QuireSession()
        try first.launch()
        let window = try first.waitForWindow(matching: "^New Note — Quire$")
        try first.desktop.type("Before the crash", into: window)
        #expect(eventually(within: 5) { (try? first.storedBody()) == "Before the crash" })
        _ = try typeUntilJournaled(" and after", after: "Before the crash", in: first, window: window)
        first.desktop.loseDisplay()
        #expect(first.process?.waitForExit(seconds: 10) != nil, "Quire ends with its display")

        let second = try QuireSession(dataHome: first.dataHome, stateHome: first.stateHome)
        try second.launch()
        _ = try second.waitForWindow(matching: "^Before the crash and after — Quire$")
        #expect(try second.storedBody() == "Before the crash and after")
        #expect(try second.stop() == 0)
    }
}
