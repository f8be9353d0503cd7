import Foundation
import NoteModel
import Testing
import TestSupport

/// A main window restored on a note far down its list: the list loads its
/// pages down to that note and selects it, even while other programs change
/// the notes meanwhile.
@Suite("Restored list selection, end to end", .serialized)
struct RestoredSelectionTests {
    @Test("a window restored on the oldest of thousands of notes: its list loads down to it and selects it, so Delete in the list trashes that note")
    func restoredSelectionFarDown() throws {
        let session = try QuireSession()
        let count = 3_000
        try ListPaneTests.importNumberedNotes(count, into: session)
        try Self.leaveWindowOnOldest(of: count, in: session)

        try session.launch(environment: ["QUIRE_TRACE_LISTS": "1"])
        let window = try session.waitForWindow(matching: "^\(ListPaneTests.title(1)) — Quire$")
        // Any list line, not the last: the main window built ahead once the restore is over has a list of
        // its own, which traces its first page ("loaded 12") after this one has loaded all 3,000; a look
        // that came after it never saw 3,000 again (in two full runs).
        #expect(eventually(within: 15) {
            session.messages.split(separator: "\n").contains { $0.hasPrefix("list: loaded \(count) ") || $0.hasPrefix("list: holds \(count) ") }
        }, "loaded down to the note shown")
        try Self.expectDeleteInListTrashesOldest(in: window, of: session)
        #expect(try session.stop() == 0)
    }

    @Test("a list loading down to its restored note keeps it as the note to select while another program writes notes meanwhile: Delete in the list trashes that note")
    func restoredSelectionWhileOthersWrite() throws {
        let session = try QuireSession()
        // Enough notes that loading down to the oldest spans looks for other programs' changes (a
        // second apart). With 300,000, every launch of a run here had loaded them all before its first look.
        let count = 1_000_000
        try ListPaneTests.importNumberedNotes(count, into: session)
        try Self.leaveWindowOnOldest(of: count, in: session)

        let writer = OtherWriter(path: session.notesPath)
        writer.start()
        var window = ""
        // Whether a look for changes falls inside the loading is still chance.
        let attempts = 6
        for attempt in 1...attempts {
            try session.launch(environment: ["QUIRE_TRACE_LISTS": "1"])
            window = try session.waitForWindow(matching: "^\(ListPaneTests.title(1)) — Quire$")
            // 500 pages of 2,000: about 40 s on a 2-core machine here, more under the whole suite, and
            // over 90 s with the machine busy besides: it gets as long as it goes on loading.
            let loaded = Self.loadsEveryNote(in: session)
            #expect(loaded, "loaded down to the note shown: \(ListPaneTests.notesLoaded(in: session) ?? 0) of \(count)")
            if !loaded || Self.followedChangesWhileLoading(in: session) || attempt == attempts { break }
            try session.desktop.xdotool("key", "ctrl+q")  // no change came while it loaded: again
            #expect(session.process?.waitForExit(seconds: 10) == 0)
        }
        writer.stop()
        let followed = session.messages.split(separator: "\n").filter { $0.hasPrefix("list: holds") }
        #expect(Self.followedChangesWhileLoading(in: session),
                "another program's notes came while the list loaded: \(followed.count) followed, \(Self.loadedEveryNote(in: session) ? "all loaded" : "not all loaded")")
        // A list of a million notes following another program's writes: on a busy machine the key waits.
        try Self.expectDeleteInListTrashesOldest(in: window, of: session, seconds: 60)
        #expect(try session.stop() == 0)
    }

    /// Launches Quire, moves its window's list to the oldest of `count`
    /// numbered notes, and quits, so the next launch restores it there.
    static func leaveWindowOnOldest(of count: Int, in session: QuireSession) throws {
        try session.launch()
        let first = try session.waitForWindow(matching: "^\(ListPaneTests.title(count)) — Quire$")
        try session.desktop.xdotool("windowfocus", "--sync", first)
        for key in ["ctrl+f", "Tab", "End"] { try session.desktop.xdotool("key", key) }
        _ = try session.waitForWindow(matching: "^\(ListPaneTests.title(1)) — Quire$", seconds: 15)
        try session.desktop.xdotool("key", "ctrl+q")
        #expect(session.process?.waitForExit(seconds: 10) == 0)
    }

    /// Presses Delete in `window`'s list, and expects the oldest numbered
    /// note, the one the window shows, to be the one in the trash within `seconds`.
    static func expectDeleteInListTrashesOldest(in window: String, of session: QuireSession, seconds: Double = 15) throws {
        try session.desktop.xdotool("windowfocus", "--sync", window)
        for key in ["ctrl+f", "Tab", "Delete"] { try session.desktop.xdotool("key", key) }
        let store = try NoteStore(path: session.notesPath)
        #expect(eventually(within: seconds) { (try? store.trashedNotes().map(\.body)) == [ListPaneTests.title(1)] },
                "the list's selected note was the one shown: \((try? store.trashedNotes().map(\.body)) ?? [])")
    }

    /// Whether the list followed changes before it had read its last page.
    static func followedChangesWhileLoading(in session: QuireSession) -> Bool {
        let lines = session.messages.split(separator: "\n").filter { $0.hasPrefix("list: ") }
        guard let last = lines.firstIndex(where: { $0.hasPrefix("list: loaded ") && $0.hasSuffix("more=false") }) else { return false }
        return lines[..<last].contains { $0.hasPrefix("list: holds ") && $0.contains("more=true") }
    }

    /// Whether the list reads its last page, waiting for it as long as the list
    /// holds more notes every `stall` seconds, up to `limit` seconds: a busy
    /// machine loads slowly, a list that stopped loading fails.
    static func loadsEveryNote(in session: QuireSession, stall: Double = 30, limit: Double = 400) -> Bool {
        let start = Date()
        var held = -1
        var grew = start
        while Date().timeIntervalSince(start) < limit {
            if loadedEveryNote(in: session) { return true }
            let now = ListPaneTests.notesLoaded(in: session) ?? 0
            if now > held {
                held = now
                grew = Date()
            } else if Date().timeIntervalSince(grew) > stall {
                return false
            }
            Thread.sleep(forTimeInterval: 0.5)
        }
        return loadedEveryNote(in: session)
    }

    /// Whether the list's trace says it has read its last page.
    static func loadedEveryNote(in session: QuireSession) -> Bool {
        session.messages.split(separator: "\n").contains { $0.hasPrefix("list: loaded ") && $0.hasSuffix("more=false") }
    }
}
