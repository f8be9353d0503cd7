import Foundation
import NoteModel
@testable import Scenes
import Testing
import TestSupport

/// Quire on GNOME's own compositor, mutter, headless: what a GNOME user runs.
/// Mutter shows no window list to another program, so these tests read the
/// stacking through what Quire is told: which window has the focus, and
/// which gets it when the one in front closes (mutter then focuses the
/// topmost window left).
@Suite("On GNOME's compositor (mutter), end to end", .serialized)
struct GnomeWaylandTests {
    /// The session of the window that has the focus now, from the trace: of
    /// the scenes active (a window that takes the focus may be told so before
    /// the one that lost it), the last to become so.
    private func activeSession(_ session: QuireSession) -> String? {
        var active: [String] = []
        for event in session.trace {
            if event.callback == "sceneDidBecomeActive(_:)" || event.callback == "sceneWillResignActive(_:)" {
                active.removeAll { $0 == event.session }
            }
            if event.callback == "sceneDidBecomeActive(_:)" { active.append(event.session) }
        }
        return active.last
    }

    /// Waits (`seconds`) until mutter has focused one of `session`'s windows: keys typed before reach no program.
    private func waitForAFocusedWindow(_ session: QuireSession, seconds: Double = 15, sourceLocation: SourceLocation = #_sourceLocation) {
        session.waitForTrace(seconds: seconds, sourceLocation: sourceLocation) { $0.contains { $0.callback == "sceneDidBecomeActive(_:)" } }
    }

    @Test("a relaunch brings the windows back in the stacking order they were left, the front one focused and typed into; each window closed gives the focus to the one saved behind it")
    func windowsComeBackInOrder() throws {
        let session = try QuireSession(wayland: true, gnome: true)
        let (notes, records) = try session.saveWindows(showingNotesOf: (1...4).map { "Note \($0)" })
        try session.launch()
        session.waitForTrace(seconds: 15) { $0.filter { $0.callback == "first-frame" }.count == notes.count }
        let front = try #require(records.last?.identifier)
        #expect(eventually(within: 10) { activeSession(session) == front },
                "the front window has the focus: \(session.trace.filter { $0.callback.contains("Active") })")
        try session.desktop.typeOnWayland("typed ")
        session.expectKeys("typed ", landedAs: "typed Note 4")  // the front window's note, at its start
        // Top to bottom, each window closed gives the focus to the next: the stacking as saved.
        for (index, behind) in records.dropLast().enumerated().reversed() {
            try session.desktop.pressOnWayland("w", with: ["ctrl"])
            #expect(eventually(within: 10) { activeSession(session) == behind.identifier },
                    "closing the window in front focuses \(notes[index].body)'s: \(session.trace.filter { $0.callback.contains("Active") })")
        }
        // Closing the last window quits, as GNOME apps do.
        try session.desktop.pressOnWayland("w", with: ["ctrl"])
        #expect(session.process?.waitForExit(seconds: 10) == 0, "quit with the last window: \(session.messages.suffix(1_000))")
    }

    @Test("keys typed as soon as mutter focuses a window of a relaunch, front or behind, while those behind are filled in, go to the front window's note, in order")
    func keysTypedDuringTheFillKept() throws {
        let session = try QuireSession(wayland: true, gnome: true)
        let (notes, records) = try session.saveWindows(showingNotesOf: (1...30).map { "Note \($0)" })
        try session.launch(environment: ["QUIRE_TRACE_WINDOWS": "1"])
        // Keys reach a program only once mutter has focused one of its windows,
        // which it does, as the relaunch shows them, late: mostly the front one,
        // the last shown, and on a busy machine at times one behind it first.
        waitForAFocusedWindow(session, seconds: 30)
        let typed = "abcdfghijklmpqrsuvwxyz"  // no letter of "Note"
        try session.desktop.typeOnWayland(typed)
        session.expectWindowsBehindDrawn(notes.count - 1, within: 30)
        session.expectKeys(typed, landedAs: typed + "Note 30")  // every key, at the front window's cursor
        #expect(eventually(within: 10) { activeSession(session) == records.last?.identifier }, "the front window ends with the focus")
        #expect(try session.stop() == 0)
    }

    @Test("a first launch takes typing, a second window opened from the command line takes the focus and typing into the same note, and a relaunch brings both back, the one used last in front")
    func firstLaunchAndRelaunch() throws {
        let session = try QuireSession(wayland: true, gnome: true)
        try session.launch()
        waitForAFocusedWindow(session)
        try session.desktop.typeOnWayland("Alpha note")
        #expect(eventually(within: 10) { (try? session.allBodies()) == ["Alpha note"] }, "typing is saved")
        let first = try #require(activeSession(session))
        _ = try session.runSecond(["--new-window"])
        #expect(eventually(within: 10) { activeSession(session).map { $0 != first } == true },
                "the new window takes the focus: \(session.trace.filter { $0.callback.contains("Active") || $0.callback == "first-frame" })")
        let second = try #require(activeSession(session))
        try session.desktop.typeOnWayland(" and more")
        #expect(eventually(within: 10) { (try? session.allBodies()) == ["Alpha note and more"] }, "typing in the new window is saved")
        #expect(try session.stop() == 0)

        try session.launch()
        session.waitForTrace(seconds: 15) { $0.filter { $0.callback == "first-frame" }.count == 2 }
        #expect(Set(session.trace.filter { $0.callback == "first-frame" }.map(\.session)) == [first, second])
        #expect(eventually(within: 10) { activeSession(session) == second }, "the window used last is in front, with the focus")
        try session.desktop.pressOnWayland("End", with: ["ctrl"])
        try session.desktop.typeOnWayland(", again")
        #expect(eventually(within: 10) { (try? session.allBodies()) == ["Alpha note and more, again"] })
        #expect(try session.stop() == 0)
    }

    @Test("words typed just before mutter dies are in the note after the next launch (the typing journal)")
    func compositorLost() throws {
        let first = try QuireSession(wayland: true, gnome: true)
        try first.launch()
        waitForAFocusedWindow(first)
        try first.desktop.typeOnWayland("Before the crash")
        #expect(first.stores("Before the crash"))
        try first.desktop.typeOnWayland(" LAST WORDS")
        #expect(eventually(within: 10) { first.journaledText() == "Before the crash LAST WORDS" }, "every keystroke reached the journal")
        first.desktop.loseDisplay()
        #expect(first.process?.waitForExit(seconds: 10) != nil, "Quire ends with its compositor")

        let second = try QuireSession(dataHome: first.dataHome, stateHome: first.stateHome, wayland: true, gnome: true)
        try second.launch()
        #expect(second.stores("Before the crash LAST WORDS"))
        waitForAFocusedWindow(second)
        try second.desktop.pressOnWayland("End", with: ["ctrl"])
        try second.desktop.typeOnWayland(" and after")
        #expect(second.stores("Before the crash LAST WORDS and after"), "the window came back on the note, ready for typing")
        #expect(try second.stop() == 0)
    }
}
