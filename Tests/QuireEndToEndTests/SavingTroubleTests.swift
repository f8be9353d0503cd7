import Foundation
import NoteModel
import Testing
import TestSupport

/// Saving that fails (a full disk, a lock another program holds): the text is
/// kept, in the window and in a recovery copy; the window says what went
/// wrong; nothing closes, switches or quits silently; saving resumes on its own.
@Suite("Saving trouble, end to end", .serialized, .oneAtATime)
struct SavingTroubleTests {
    @Test("on a full disk the window says so and keeps the text; closing and quitting ask, switching waits; it saves once space returns")
    func fullDisk() throws {
        let disk = try SmallDisk(megabytes: 2)
        let session = try QuireSession(dataHome: disk.path + "/data")
        try session.launch()
        let window = try session.waitForWindow(matching: "^New Note — Quire$")
        try session.desktop.type("Groceries", into: window)
        #expect(eventually(within: 5) { (try? session.storedBody()) == "Groceries" })

        disk.fill()
        try session.desktop.type("\nmilk and eggs", into: window)
        _ = try session.waitForWindow(matching: "^Groceries \\(not saved\\) — Quire$")
        session.keepScreenshot(named: "full-disk")
        #expect(session.messages.contains("database or disk is full"), "\(session.messages)")
        #expect(eventually(within: 5) { session.drafts().map(\.body) == ["Groceries\nmilk and eggs"] },
                "a recovery copy outside the full disk: \(session.drafts())")

        // Ctrl+W asks; Keep Open (which has the focus) keeps the window.
        try session.answerDialog(matching: "^Close Without Saving\\?$", openedBy: "ctrl+w", with: "Return")
        #expect(eventually(within: 5) { session.desktop.windowTitles(matching: "^Close Without").isEmpty })
        #expect(session.windowIDs().count == 1, "the window stays")

        // New Note does not put the unsaved text out of sight.
        try session.desktop.xdotool("windowfocus", "--sync", window)
        try session.desktop.xdotool("key", "ctrl+n")
        Thread.sleep(forTimeInterval: 0.5)
        #expect(session.desktop.windowTitles(matching: " — Quire$") == ["Groceries (not saved) — Quire"])

        // Ctrl+Q asks; Cancel keeps the app running.
        try session.answerDialog(matching: "^Quit Without Saving\\?$", openedBy: "ctrl+q", with: "Return")
        #expect(eventually(within: 5) { session.desktop.windowTitles(matching: "^Quit Without").isEmpty })
        #expect(session.process?.isRunning == true)

        // Space comes back: saved without a keystroke, and the recovery copy goes.
        disk.free()
        #expect(eventually(within: 15) { (try? session.storedBody()) == "Groceries\nmilk and eggs" })
        _ = try session.waitForWindow(matching: "^Groceries — Quire$")
        #expect(eventually(within: 5) { session.drafts().isEmpty })
        #expect(try session.stop() == 0)
    }

    @Test("a logout while saves fail keeps the text in a recovery copy, and the next launch puts it back")
    func logoutOnFullDisk() throws {
        let disk = try SmallDisk(megabytes: 2)
        let session = try QuireSession(dataHome: disk.path + "/data")
        try session.launch()
        let window = try session.waitForWindow(matching: "^New Note — Quire$")
        try session.desktop.type("Plans", into: window)
        #expect(eventually(within: 5) { (try? session.storedBody()) == "Plans" })
        disk.fill()
        try session.desktop.type(" for the weekend", into: window)
        _ = try session.waitForWindow(matching: "\\(not saved\\) — Quire$")
        #expect(try session.stop(with: SIGHUP) == 0, "a logout does not wait for an answer")
        #expect(session.drafts().map(\.body) == ["Plans for the weekend"])

        disk.free()
        try session.launch()
        _ = try session.waitForWindow(matching: "^Plans for the weekend — Quire$")
        #expect(try session.storedBody() == "Plans for the weekend")
        #expect(session.messages.contains("recovered unsaved text"), "\(session.messages)")
        #expect(eventually(within: 5) { session.desktop.windowTitles(matching: ".").contains { $0.contains("Plans for the weekend") } })
        #expect(session.drafts().isEmpty)
        session.keepScreenshot(named: "recovered-draft")
        #expect(try session.stop() == 0)
    }

    @Test("another program holding the notes file's write lock for 10 s does not freeze typing; the text is saved after")
    func heldLock() throws {
        let session = try QuireSession()
        // Waiting on the lock would hold the main thread for the store's busy timeout (1 s) at each
        // try; a frame alone took 109 ms once, with CI's tests filling both cores.
        try session.launch(environment: ["GTKKIT_STALL_TRACE": "300"])
        let window = try session.waitForWindow(matching: "^New Note — Quire$")
        try session.desktop.type("Before the lock", into: window)
        #expect(eventually(within: 5) { (try? session.storedBody()) == "Before the lock" })
        Thread.sleep(forTimeInterval: 1)  // past the first frames' work

        // Another program takes the write lock and keeps it 10 s, and at least until the window says so.
        let lock = try session.holdNotesLock()
        #expect(lock.taken, "the lock is taken: \(lock.holder.standardError)")
        let lockedAt = StallLines.now()
        try session.desktop.type(", typed while it is held", into: window, delayMilliseconds: 40)
        #expect(eventually(within: 8) { !session.desktop.windowTitles(matching: "\\(not saved\\) — Quire$").isEmpty },
                "the window says the note is not saved yet")
        session.keepScreenshot(named: "held-lock")
        Thread.sleep(forTimeInterval: max(0, (lockedAt + 10_000 - StallLines.now()) / 1_000))  // over several retries
        #expect(lock.release() == 0)
        let releasedAt = StallLines.now()

        #expect(eventually(within: 15) { (try? session.storedBody()) == "Before the lock, typed while it is held" })
        // Time the main thread spent waiting for a processor other programs had is the machine's, not a freeze.
        let duringLock = StallLines.stalls(in: session.messages).filter { $0.at >= lockedAt && $0.at <= releasedAt + 100 && $0.held > 300 }
        #expect(duringLock.isEmpty, "the window never froze for 300 ms while the lock was held: \(duringLock.map(\.description))")
        #expect(try session.stop() == 0)
    }
}
