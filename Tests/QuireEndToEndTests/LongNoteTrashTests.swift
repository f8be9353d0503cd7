import Foundation
import NoteModel
import Testing
import TestSupport

/// Move to Trash and Pin Note on a note of megabytes right after typing in
/// it: its save, trash and pin are written on the background saver (SQLite
/// writes the whole row again for each, which at once froze every window),
/// and every word is stored. Checked through the notes file, the window
/// titles and the document trace.
@Suite("A long note trashed or pinned", .serialized)
struct LongNoteTrashTests {
    /// Stores "Groceries", an older note, then launches onto a long note and
    /// types `typed` at its end; returns the long note's body, the main window
    /// and the trace's name for the long note.
    private static func typeIntoLongNote(_ typed: String, in session: QuireSession, ownWindow: Bool = false) throws
        -> (body: String, window: String, traced: String) {
        _ = try NoteStore(path: session.notesPath).createNote(body: "Groceries", at: Date(timeIntervalSinceNow: -3_600))
        let body: String, window: String
        if ownWindow {
            let (long, _, own) = try LongNoteTests.launchInTwoWindows(session)
            (body, window) = (long, own)
        } else {
            (body, window) = try LongNoteTests.launchOnLongNote(session)
        }
        let id = try #require(try session.storedNotes().first { $0.body == body }?.id)
        try session.desktop.xdotool("windowfocus", "--sync", window)
        try session.desktop.xdotool("key", "ctrl+End")
        try session.desktop.type(typed, into: window)
        return (body, window, String(id.uuidString.prefix(8)))
    }

    @Test("Move to Trash right after typing: the window moves on at once and what is typed next goes into the next note; the note is saved with every word and trashed on the background saver; Undo brings it back")
    func trashedInTheBackground() throws {
        let session = try QuireSession()
        let (body, window, traced) = try Self.typeIntoLongNote(" trashed", in: session)
        try session.desktop.xdotool("key", "alt+Delete")
        try session.desktop.type(" milk", into: window)
        _ = try session.waitForWindow(matching: "^Groceries milk — Quire$")
        #expect(eventually(within: 20) { (try? session.trashedTexts()) == [body + " trashed"] },
                "trashed with every word typed: \(session.messages.suffix(800))")
        #expect(eventually(within: 10) { (try? session.storedNotes().map(\.body)) == ["Groceries milk"] },
                "the word typed after Move to Trash went into the note shown next")
        #expect(session.messages.contains("\(traced) trash after saving"))
        #expect(eventually(within: 5) { session.messages.contains("\(traced) trash background success") }, "handed back after the write is in the file")
        #expect(!session.messages.contains("\(traced) save exists=true"), "no save made on the main thread: \(session.messages.suffix(800))")

        try session.desktop.xdotool("key", "alt+u")  // Undo, by its mnemonic
        _ = try session.waitForWindow(matching: "^Long note — Quire$")
        #expect(try session.trashedTexts().isEmpty)
        #expect(try session.stop() == 0)
        #expect(try session.allBodies().sorted() == ["Groceries milk", body + " trashed"])
        #expect(session.drafts().isEmpty)
    }

    @Test("Move to Trash right after typing in the note's own window: the window closes at once, the note is saved with every word and trashed on the background saver, and the main window that showed it moves on")
    func trashedFromItsOwnWindow() throws {
        let session = try QuireSession()
        let (body, own, traced) = try Self.typeIntoLongNote(" trashed", in: session, ownWindow: true)
        try session.desktop.xdotool("key", "--window", own, "alt+Delete")
        #expect(eventually(within: 10) { session.windowIDs().count == 1 })
        _ = try session.waitForWindow(matching: "^Groceries — Quire$")
        #expect(eventually(within: 20) { (try? session.trashedTexts()) == [body + " trashed"] },
                "trashed with every word typed: \(session.messages.suffix(800))")
        #expect(eventually(within: 5) { session.messages.contains("\(traced) trash background success") }, "handed back after the write is in the file")
        #expect(!session.messages.contains("\(traced) save exists=true"), "no save made on the main thread: \(session.messages.suffix(800))")
        #expect(try session.stop() == 0)
        #expect(try session.storedNotes().map(\.body) == ["Groceries"])
        #expect(session.drafts().isEmpty)
    }

    @Test("Move to Trash in the main window while the note's own window is open: the own window closes at once, not a moment later when the trash lands under whatever is being typed into it, and the note is trashed with every word typed in it")
    func ownWindowClosesAtOnce() throws {
        let session = try QuireSession()
        let (body, own, traced) = try Self.typeIntoLongNote(" typed there", in: session, ownWindow: true)
        let main = try #require(session.windowIDs().first { $0 != own })
        try session.desktop.xdotool("windowfocus", "--sync", main)
        try session.desktop.xdotool("key", "alt+Delete")
        _ = try session.waitForWindow(matching: "^Groceries — Quire$")
        #expect(eventually(within: 10) { session.windowIDs() == [main] })
        #expect(eventually(within: 20) { (try? session.trashedTexts()) == [body + " typed there"] },
                "trashed with every word typed in its own window: \(session.messages.suffix(800))")
        #expect(eventually(within: 5) { session.messages.contains("\(traced) trash background success") })
        let trace = session.messages
        let closed = try #require(trace.range(of: "\(traced) detach windows=0"), "\(trace.suffix(800))")
        let trashing = try #require(trace.range(of: "\(traced) trash after saving"), "\(trace.suffix(800))")
        #expect(closed.lowerBound < trashing.lowerBound, "its own window closed as the trash was asked for: \(trace.suffix(800))")
        #expect(try session.stop() == 0)
        #expect(try session.storedNotes().map(\.body) == ["Groceries"])
        #expect(session.drafts().isEmpty)
    }

    @Test("Move to Trash right after typing while another program holds the write lock: the note is not trashed, one toast says so and shows it again on request, and every word is stored once the lock is let go")
    func notTrashedUnderTheLock() throws {
        let session = try QuireSession(accessibility: true)
        _ = try NoteStore(path: session.notesPath).createNote(body: "Groceries", at: Date(timeIntervalSinceNow: -3_600))
        let (body, window, lock) = try LongNoteTests.typeUnderTheLock(" kept", in: session)
        try session.desktop.xdotool("key", "alt+Delete")  // before the autosave: its save starts now, and fails
        _ = try session.waitForWindow(matching: "^Groceries — Quire$")
        let said = "“Long note” was not moved to the trash: it could not be saved. Quire keeps trying, and keeps a recovery copy."
        let tree = try AccessibilityTree(desktop: session.desktop)
        let named = { ((try? tree.elements()) ?? []).filter { $0.name == said || ($0.name == "Show" && $0.role == "button") } }
        #expect(eventually(within: 10) { named().count == 2 }, "one toast says the note stays, and offers Show: \(named()) \(session.messages.suffix(800))")
        Thread.sleep(forTimeInterval: 1)  // the toast slides in: the screenshot shows it in place
        session.keepScreenshot(named: "long-note-not-trashed")
        try session.desktop.xdotool("windowfocus", "--sync", window)
        try session.desktop.xdotool("key", "alt+s")
        _ = try session.waitForWindow(matching: "^Long note \\(not saved\\) — Quire$")
        #expect(lock.release() == 0)
        #expect(eventually(within: 20) { (try? session.storedNotes().map(\.body).contains(body + " kept")) == true },
                "stored once the lock is let go, and not in the trash: \(session.messages.suffix(800))")
        #expect(try session.trashedTexts().isEmpty)
        #expect(try session.stop() == 0)
        #expect(session.drafts().isEmpty)
    }

    @Test("Pin Note right after typing: pinned on the background saver, and every word is stored")
    func pinnedInTheBackground() throws {
        let session = try QuireSession()
        let (body, _, traced) = try Self.typeIntoLongNote(" pinned", in: session)
        let store = try NoteStore(path: session.notesPath)
        let id = try #require(try store.allNotes().first { $0.title == "Long note" }?.id)
        for _ in 0..<3 where (try? store.isPinned(id)) == false {
            try session.openPrimaryMenu()
            // New Note, New Window, Open in New Window, Pin Note.
            for key in ["Down", "Down", "Down", "Return"] { try session.desktop.xdotool("key", key) }
            _ = eventually(within: 5) { (try? store.isPinned(id)) == true }
        }
        #expect(try store.isPinned(id), "pinned: \(session.messages.suffix(800))")
        #expect(eventually(within: 5) { session.messages.contains("\(traced) pin background success") }, "handed back after the write is in the file")
        #expect(eventually(within: 20) { (try? session.allBodies().contains(body + " pinned")) == true },
                "every word typed, with all of the note: \(session.messages.suffix(800))")
        #expect(!session.messages.contains("\(traced) save exists=true"), "no save made on the main thread: \(session.messages.suffix(800))")
        #expect(try session.stop() == 0)
        #expect(try store.isPinned(id) && session.allBodies().sorted() == ["Groceries", body + " pinned"])
    }
}
