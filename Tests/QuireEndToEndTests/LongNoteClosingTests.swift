import Foundation
import NoteModel
import Testing
import TestSupport

/// The only window of a note of megabytes closed, or moved on to another
/// note, right after typing in it: the note is saved on the background saver (SQLite takes about 0.4 s to
/// write and index 20 MB, which at once froze every window), and every word
/// is stored, or kept in a draft until it can be. Checked through the notes
/// file, the drafts folder and the document trace.
@Suite("A long note's window closed or moved on", .serialized)
struct LongNoteClosingTests {
    /// How long the note's own window may take to close after Ctrl+W. Its
    /// text view has just been filled, so GTK is still measuring its lines,
    /// and Ctrl+End scrolls to the end a step at a time as it does; a step
    /// that shows the 180,000-character line lays it out again (a quarter of a
    /// second at full speed). The typed keys and Ctrl+W wait their turn, which on a
    /// busy machine has taken more than 10 s.
    static let closeSeconds: Double = 30

    /// Launches onto a note of 3 MB, opens it in its own window, moves the
    /// main window on to a new note, and types `typed` at the end of the
    /// note's own window; returns the note's body and that window.
    static func typeIntoOwnWindow(_ typed: String, in session: QuireSession) throws -> (body: String, window: String) {
        let (body, main, own) = try LongNoteTests.launchInTwoWindows(session)
        try session.desktop.xdotool("windowfocus", "--sync", main)
        try session.desktop.xdotool("key", "ctrl+n")
        _ = try session.waitForWindow(matching: "^New Note — Quire$")
        try session.desktop.xdotool("windowfocus", "--sync", own)
        try session.desktop.xdotool("key", "ctrl+End")
        try session.desktop.type(typed, into: own)
        return (body, own)
    }

    @Test("closed right after typing: saved on the background saver, not at once, and every word is stored")
    func savedInTheBackground() throws {
        let session = try QuireSession()
        let (body, own) = try Self.typeIntoOwnWindow(" and closed", in: session)
        try session.desktop.xdotool("key", "--window", own, "ctrl+w")
        #expect(eventually(within: Self.closeSeconds) { session.windowIDs().count == 1 })
        #expect(eventually(within: 20) { (try? session.allBodies().contains(body + " and closed")) == true },
                "every word typed, with all of the note: \(session.messages.suffix(800))")
        #expect(session.messages.contains(" detach windows=0 unsaved=true"), "closed before its autosave: \(session.messages.suffix(800))")
        #expect(session.messages.contains(" save background revision="))
        #expect(!session.messages.contains(" save exists=true"), "no save made on the main thread: \(session.messages.suffix(800))")
        #expect(try session.stop() == 0)
        #expect(try session.allBodies().sorted() == [body + " and closed"], "the new note, empty, is not kept")
        #expect(session.drafts().isEmpty)
    }

    @Test("closed right after typing while another program holds the write lock: kept in a draft, the front window says so and shows it again on request, and it is stored once the lock is let go; with the recovery copies' disk full too, the front window says no copy could be written",
          arguments: [false, true])
    func savedAfterTheLock(recoveryDiskFull: Bool) throws {
        let disk = recoveryDiskFull ? try SmallDisk(megabytes: 4) : nil
        let session = try QuireSession(accessibility: true, stateHome: disk.map { $0.path + "/state" })
        let (body, own) = try Self.typeIntoOwnWindow(" and locked", in: session)
        disk?.fill()
        let lock = try session.holdNotesLock()
        #expect(lock.taken, "the lock is taken: \(lock.holder.standardError)")
        try session.desktop.xdotool("key", "--window", own, "ctrl+w")
        #expect(eventually(within: Self.closeSeconds) { session.windowIDs().count == 1 },
                """
                still open: \(session.desktop.windowTitles(matching: "Quire$")); its threads: \
                \(session.process.map { QuireSession.threadStates(of: $0.pid) } ?? "none"); it printed: \(session.messages.suffix(3_000))
                """)
        if !recoveryDiskFull {
            #expect(eventually(within: 10) { session.drafts().map(\.body).contains(body + " and locked") },
                    "kept in a draft while the lock is held: \(session.messages.suffix(800))")
        }

        // The main window says so, and Show brings the note back, saying it is not saved yet.
        let said = recoveryDiskFull
            ? "“Long note” could not be saved, nor a recovery copy written. Quire keeps trying."
            : "“Long note” could not be saved. Quire keeps trying, and keeps a recovery copy."
        let tree = try AccessibilityTree(desktop: session.desktop)
        let named = { ((try? tree.elements()) ?? []).filter { $0.name == said || ($0.name == "Show" && $0.role == "button") } }
        #expect(eventually(within: 10) { named().count == 2 }, "a toast says what happened and offers Show: \(named())")
        session.keepScreenshot(named: recoveryDiskFull ? "long-note-no-recovery-copy" : "long-note-not-saved")
        let main = try #require(session.windowIDs().first)
        try session.desktop.xdotool("windowfocus", "--sync", main)
        try session.desktop.xdotool("key", "alt+s")
        _ = try session.waitForWindow(matching: "^Long note \\(not saved\\) — Quire$")

        #expect(lock.release() == 0)
        disk?.free()
        #expect(eventually(within: 20) { (try? session.allBodies().contains(body + " and locked")) == true },
                "stored once the lock is let go: \(session.messages.suffix(800))")
        #expect(!session.messages.contains(" save exists=true"), "the retries too saved on the background saver: \(session.messages.suffix(800))")
        _ = try session.waitForWindow(matching: "^Long note — Quire$")
        #expect(eventually(within: 10) { session.drafts().isEmpty }, "and its draft removed")
        #expect(try session.stop() == 0)
        #expect(try session.allBodies() == [body + " and locked"])
    }

    @Test("moved on right after typing (to a new note, to the trash): the editor moves on at once, the note is saved on the background saver, and every word is stored",
          arguments: [("ctrl+n", "^New Note — Quire$"), ("alt+t", "^Trash — Quire$")])
    func movedOnInTheBackground(key: String, title: String) throws {
        let session = try QuireSession()
        let (body, window) = try LongNoteTests.launchOnLongNote(session)
        try session.desktop.xdotool("windowfocus", "--sync", window)
        try session.desktop.xdotool("key", "ctrl+End")
        try session.desktop.type(" moved on", into: window)
        try session.desktop.xdotool("key", key)
        _ = try session.waitForWindow(matching: title)
        #expect(eventually(within: 20) { (try? session.allBodies().contains(body + " moved on")) == true },
                "every word typed, with all of the note: \(session.messages.suffix(800))")
        #expect(session.messages.contains(" detach windows=0 unsaved=true"), "moved on before its autosave: \(session.messages.suffix(800))")
        #expect(session.messages.contains(" save background revision="))
        #expect(!session.messages.contains(" save exists=true"), "no save made on the main thread: \(session.messages.suffix(800))")
        #expect(try session.stop() == 0)
        #expect(try session.allBodies() == [body + " moved on"], "the new note, empty, is not kept")
        #expect(session.drafts().isEmpty)
    }

    @Test("typed into while another program holds the write lock: the window says the note is not saved, and once the lock is let go it is saved on the background saver")
    func typedUnderTheLock() throws {
        let session = try QuireSession()
        let (body, window, lock) = try LongNoteTests.typeUnderTheLock(" under the lock", in: session)
        _ = try session.waitForWindow(matching: "^Long note \\(not saved\\) — Quire$")
        try session.desktop.type(" and more", into: window)  // typed while saves fail
        #expect(lock.release() == 0)
        #expect(eventually(within: 20) { (try? session.allBodies().contains(body + " under the lock and more")) == true },
                "stored once the lock is let go: \(session.messages.suffix(800))")
        _ = try session.waitForWindow(matching: "^Long note — Quire$")
        #expect(!session.messages.contains(" save exists=true"),
                "its autosaves and retries were made on the background saver: \(session.messages.suffix(800))")
        #expect(try session.stop() == 0)
        #expect(try session.allBodies() == [body + " under the lock and more"])
        #expect(session.drafts().isEmpty)
    }

    @Test("Try Again in the save bar, once another program lets go of the write lock, saves the long note on the background saver")
    func triedAgainInTheBackground() throws {
        let session = try QuireSession()
        let (body, window, lock) = try LongNoteTests.typeUnderTheLock(" tried again", in: session)
        _ = try session.waitForWindow(matching: "^Long note \\(not saved\\) — Quire$")
        // The retries wait 0.5, 1, 2, 4 s, then 8: once the fifth try has failed, Try Again comes first.
        #expect(eventually(within: 30) { session.messages.components(separatedBy: " save-failed ").count > 5 },
                "the save and four retries failed: \(session.messages.suffix(800))")
        #expect(lock.release() == 0)
        let before = session.messages.components(separatedBy: " save background ").count
        try session.desktop.xdotool("key", "--window", window, "alt+t")  // Try Again, by its mnemonic
        #expect(eventually(within: 10) { (try? session.allBodies().contains(body + " tried again")) == true },
                "stored: \(session.messages.suffix(800))")
        _ = try session.waitForWindow(matching: "^Long note — Quire$")
        #expect(session.messages.components(separatedBy: " save background ").count > before, "written on the background saver")
        #expect(!session.messages.contains(" save exists=true"), "no save made on the main thread: \(session.messages.suffix(800))")
        #expect(try session.stop() == 0)
        #expect(session.drafts().isEmpty)
    }
}
