import Foundation
import NoteModel
import Testing
import TestSupport

/// A main window's list while the person types: notes another program
/// brings (a sync's batches) wait for a pause in typing, as each change of
/// the rows costs the window a frame.
@Suite("A list while the person types, end to end", .serialized)
struct ListWhileTypingTests {
    /// The first number of each of the list's trace lines that start with
    /// `prefix` ("list: held 30 while typing": 30).
    static func counts(in session: QuireSession, after prefix: String) -> [Int] {
        session.messages.split(separator: "\n").filter { $0.hasPrefix(prefix) }.compactMap { line in
            line.split(separator: " ").compactMap { Int($0) }.first
        }
    }

    /// How many changes each batch the first list followed held (not the typed note's own saves, one each).
    static func batchesFollowed(in session: QuireSession) -> [Int] {
        ListPaneTests.changesFollowedEachTime(in: session).filter { $0 > 1 }
    }

    @Test("notes another program brings wait while the person types, a note it trashes leaves the list at once, and what waits shows after ten seconds of typing or a pause")
    func notesWaitForAPause() throws {
        let session = try QuireSession(accessibility: true)
        let window = try ListPaneTests.launchOverNumberedNotes(3, in: session)
        let tree = try AccessibilityTree(desktop: session.desktop)
        try session.desktop.xdotool("windowfocus", "--sync", window)
        let other = try NoteStore(path: session.notesPath)
        let typed = String(repeating: "typing on and on ", count: 60)  // 1,020 keys, a key every 30-60 ms
        let typist = try ChildProcess(
            "xdotool", ["type", "--delay", "60", typed], environment: session.desktop.environment(),
            outputDirectory: session.desktop.directory.path)
        defer { typist.send(SIGKILL) }
        func typedNote() -> Note? { (try? other.allNotes())?.first { $0.body.contains("typing on") } }
        #expect(eventually(within: 5) { typedNote() != nil }, "the typing reaches the note")

        // Notes brought while the person types are held, for as long as typing goes on.
        let now = Date()
        _ = try other.importNotes((1...30).map { (body: "Batch \($0)", modifiedAt: now.addingTimeInterval(Double($0))) })
        #expect(eventually(within: 5) { Self.counts(in: session, after: "list: held ").contains(30) }, "the batch held")
        Thread.sleep(forTimeInterval: 1.5)
        #expect(typist.isRunning && Self.batchesFollowed(in: session).isEmpty,
                "nothing followed while typing: \(Self.batchesFollowed(in: session))")

        // A note trashed is followed at once, with what was held.
        let oldest = try #require(try other.allNotes().first { $0.body == ListPaneTests.title(1) })
        try other.moveToTrash(oldest.id)
        #expect(eventually(within: 5) { Self.batchesFollowed(in: session).contains(31) }, "the trash and the batch followed together")
        #expect(typist.isRunning, "while typing")
        let rows = PinTests.titles(PinTests.rows(tree) { PinTests.titles($0).contains("Batch 30") })
        #expect(rows.contains("Batch 30") && !rows.contains(ListPaneTests.title(1)), "the rows: \(rows)")

        // Held no longer than ten seconds while typing goes on.
        _ = try other.importNotes((1...20).map { (body: "Later \($0)", modifiedAt: now.addingTimeInterval(Double(100 + $0))) })
        #expect(eventually(within: 5) { Self.counts(in: session, after: "list: held ").contains(20) }, "the second batch held")
        let heldAt = Date()
        #expect(eventually(within: 15) { Self.batchesFollowed(in: session).contains(20) }, "the second batch followed")
        let heldFor = Date().timeIntervalSince(heldAt)
        #expect(typist.isRunning, "after \(heldFor) s, while typing")
        #expect(heldFor > 7, "held for \(heldFor) s (ten from the batch heard of)")
        #expect(typist.waitForExit(seconds: 60) == 0)
        #expect(eventually(within: 5) { typedNote()?.body.count == ListPaneTests.title(3).count + typed.count },
                "every key typed is stored: \(typedNote()?.body ?? "")")
        let later = PinTests.titles(PinTests.rows(tree) { PinTests.titles($0).contains("Later 20") })
        #expect(later.contains("Later 20"), "the rows: \(later.prefix(4))")
        #expect(try session.stop() == 0)
    }
}
