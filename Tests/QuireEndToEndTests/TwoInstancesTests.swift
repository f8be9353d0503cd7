import Foundation
import NoteModel
import Testing
import TestSupport

/// Two Quire processes that cannot reach each other over D-Bus, on the same
/// folders: neither restores the other's windows, each sees the other's saves,
/// and edits of one note from both are merged or kept, never overwritten.
@Suite("Two instances, end to end", .serialized)
struct TwoInstancesTests {
    /// Two instances on one session's folders and display, each showing the
    /// same note: the session's own, and a second `quire` on a bus of its own.
    private struct TwoInstances {
        let session: QuireSession
        let otherBus: PrivateDesktop
        let second: ChildProcess
        let first: String
        let secondWindow: String
    }

    /// A new note of `body`, in a window of each of two instances (the
    /// first instance's window found by its title, `title`).
    private func noteInTwoInstances(_ body: String, title: String) throws -> TwoInstances {
        let session = try QuireSession()
        let store = try NoteStore(path: session.notesPath)
        let note = try store.createNote(body: body)
        store.close()
        try session.launch()
        let first = try session.waitForWindow(matching: "^\(title) — Quire$")
        let otherBus = try PrivateDesktop()
        let second = try ChildProcess(
            BuiltProducts.executable("quire"), ["quire://note/\(note.id.uuidString.lowercased())"],
            environment: session.environment(["DBUS_SESSION_BUS_ADDRESS": otherBus.busAddress]),
            outputDirectory: session.desktop.directory.path)
        #expect(eventually(within: 15) { session.windowIDs().count == 2 }, "the second instance opens the note's window")
        let secondWindow = try #require(session.windowIDs().first { $0 != first })
        return TwoInstances(session: session, otherBus: otherBus, second: second, first: first, secondWindow: secondWindow)
    }

    @Test("edits of one note in two instances are merged, each window shows the other's, and both windows come back")
    func mergedEdits() throws {
        let two = try noteInTwoInstances("alpha\nmiddle\nomega", title: "alpha")
        let (session, second, first, secondWindow) = (two.session, two.second, two.first, two.secondWindow)

        try session.desktop.xdotool("windowfocus", "--sync", first)
        try session.desktop.xdotool("key", "ctrl+End")
        try session.desktop.type(" from the first", into: first)
        try session.desktop.xdotool("windowfocus", "--sync", secondWindow)
        try session.desktop.xdotool("key", "ctrl+Home")
        try session.desktop.type("From the second: ", into: secondWindow)

        let merged = "From the second: alpha\nmiddle\nomega from the first"
        #expect(eventually(within: 10) { (try? session.storedNotes().map(\.body)) == [merged] },
                "both edits are in the note: \((try? session.storedNotes().map(\.body)) ?? [])")
        for window in [first, secondWindow] {
            #expect(eventually(within: 5) {
                (try? session.desktop.xdotool("getwindowname", window))?.hasPrefix("From the second: alpha — Quire") == true
            }, "each window shows the other's typing")
        }
        session.keepScreenshot(named: "two-instances")
        second.send(SIGTERM)
        #expect(second.waitForExit(seconds: 10) == 0)
        #expect(try session.stop() == 0)

        try session.launch()
        #expect(eventually(within: 15) { session.windowIDs().count == 2 }, "both instances' windows come back")
        #expect(try session.stop() == 0)
    }

    @Test("the same line changed in both at once keeps both versions, one of them as a note of its own")
    func clashingEdits() throws {
        let two = try noteInTwoInstances("Shopping", title: "Shopping")
        let (session, second, first, secondWindow) = (two.session, two.second, two.first, two.secondWindow)

        try session.desktop.xdotool("windowfocus", "--sync", first)
        try session.desktop.xdotool("key", "ctrl+End")
        try session.desktop.xdotool("windowfocus", "--sync", secondWindow)
        try session.desktop.xdotool("key", "ctrl+End")
        // Both add to the end of the line before either sees the other's save:
        // the two edits are at the same place, so no merge can hold both.
        try session.desktop.type(" list", into: first, delayMilliseconds: 1)
        try session.desktop.type(" bag", into: secondWindow, delayMilliseconds: 1)
        #expect(eventually(within: 10) { Set((try? session.allBodies()) ?? []) == ["Shopping list", "Shopping bag"] },
                "neither edit is lost: \((try? session.allBodies()) ?? [])")
        #expect(session.messages.contains("was changed by another process at the same time")
                || second.standardError.contains("was changed by another process at the same time"),
                "the instance that kept the other version says so")
        second.send(SIGTERM)
        #expect(second.waitForExit(seconds: 10) == 0)
        #expect(try session.stop() == 0)
    }

    @Test("a word undone, then the other instance's save of the note, and Redo still puts the word back; Undo never takes back the other's typing")
    func undoSurvivesTheOthersSave() throws {
        let two = try noteInTwoInstances("alpha\nomega", title: "alpha")
        let (session, second, first, secondWindow) = (two.session, two.second, two.first, two.secondWindow)

        try session.desktop.xdotool("windowfocus", "--sync", first)
        try session.desktop.xdotool("key", "ctrl+End")
        try session.desktop.type(" one", into: first)
        #expect(session.stores("alpha\nomega one"))
        try session.desktop.xdotool("key", "ctrl+z")
        #expect(session.stores("alpha\nomega"), "Undo took the word back")

        // The other instance types and saves; the first shows its text.
        try session.desktop.xdotool("windowfocus", "--sync", secondWindow)
        try session.desktop.xdotool("key", "ctrl+Home")
        try session.desktop.type("Top ", into: secondWindow)
        #expect(session.stores("Top alpha\nomega"))
        #expect(eventually(within: 10) {
            (try? session.desktop.xdotool("getwindowname", first))?.hasPrefix("Top alpha — Quire") == true
        }, "the first window shows the other's typing")

        try session.desktop.xdotool("windowfocus", "--sync", first)
        try session.desktop.xdotool("key", "ctrl+shift+z")
        #expect(session.stores("Top alpha\nomega one"), "Redo put the word back: \(String(describing: try? session.storedBody()))")
        try session.desktop.xdotool("key", "ctrl+z", "ctrl+z")
        #expect(session.stores("Top alpha\nomega"), "Undo took this window's word back, and not the other's typing")
        second.send(SIGTERM)
        #expect(second.waitForExit(seconds: 10) == 0)
        #expect(try session.stop() == 0)
        #expect(try session.storedBody() == "Top alpha\nomega")
    }
}
