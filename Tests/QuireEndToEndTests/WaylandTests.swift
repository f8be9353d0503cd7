import Foundation
import NoteModel
@testable import Scenes
import Testing
import TestSupport

/// Quire on Wayland, what GNOME users run: a headless sway, driven with
/// wtype and read through sway's window tree and grim's screenshots.
@Suite("On Wayland, end to end", .serialized)
struct WaylandTests {
    /// The window titled to match `pattern` (a regular expression), waited for.
    private func window(_ pattern: String, in session: QuireSession) throws -> WaylandWindow {
        let title = try session.desktop.waitForWaylandWindow(matching: pattern)
        return try #require(session.desktop.waylandWindows().first { $0.title == title })
    }

    /// Expects another program (`wl-paste`) to paste `text` from the clipboard
    /// once Quire's copy reaches it.
    private func expectPasted(_ text: String, from session: QuireSession, sourceLocation: SourceLocation = #_sourceLocation) {
        var pasted = ""
        #expect(eventually(within: 10) {
            pasted = (try? ChildProcess.run("wl-paste", ["--no-newline"], environment: session.environment(),
                                            outputDirectory: session.desktop.directory.path).output) ?? ""
            return pasted == text
        }, "wl-paste gave \(pasted)", sourceLocation: sourceLocation)
    }

    /// Gives the window titled `title` the focus (sway raises it) and waits until Quire's scene for it is active.
    private func focus(_ title: String, in session: QuireSession) throws {
        let mark = session.trace.count
        try session.desktop.swaymsg("[title=\"^\(NSRegularExpression.escapedPattern(for: title))$\"]", "focus")
        #expect(eventually(within: 5) { session.desktop.waylandWindows().last?.title == title })
        _ = eventually(within: 5) { session.trace.dropFirst(mark).contains { $0.callback == "sceneDidBecomeActive(_:)" } }
    }

    @Test("launch, typing saved, a new window on the same note following it live, new notes; a relaunch brings every window back with its note and size, in the stacking order it was left, the front one focused")
    func windowsComeBackInOrder() throws {
        let session = try QuireSession(wayland: true)
        try session.launch()
        _ = try window("^New Note — Quire$", in: session)
        try session.desktop.typeOnWayland("Alpha note")
        #expect(eventually(within: 10) { (try? session.allBodies()) == ["Alpha note"] }, "typing is saved")

        // A second window opens on the same note, and typing in it shows in the first.
        _ = try session.runSecond(["--new-window"])
        #expect(eventually(within: 10) { session.desktop.waylandWindows().filter { $0.title == "Alpha note — Quire" }.count == 2 })
        try session.desktop.typeOnWayland(" and more")
        #expect(eventually(within: 10) { session.desktop.waylandWindows().filter { $0.title == "Alpha note and more — Quire" }.count == 2 },
                "both windows show the typing: \(session.desktop.waylandWindows().map(\.title))")
        for name in ["Beta", "Gamma"] {
            try session.desktop.pressOnWayland("n", with: ["ctrl"])  // a new note in the focused window
            _ = try window("^New Note — Quire$", in: session)
            try session.desktop.typeOnWayland("\(name) note")
            _ = try window("^\(name) note — Quire$", in: session)
            if name == "Beta" {
                _ = try session.runSecond(["--new-window"])
                #expect(eventually(within: 10) { session.desktop.waylandWindows().count == 3 })
            }
        }
        try session.desktop.swaymsg("[title=\"^Alpha\"]", "resize", "set", "880", "600")
        // Bottom to top: Alpha, Gamma, Beta, with Beta in front.
        for title in ["Alpha note and more — Quire", "Gamma note — Quire", "Beta note — Quire"] { try focus(title, in: session) }
        let before = session.desktop.waylandWindows()
        #expect(before.map(\.title) == ["Alpha note and more — Quire", "Gamma note — Quire", "Beta note — Quire"])
        #expect(before.allSatisfy { $0.appID == "io.github.quire.Quire" }, "\(before.map(\.appID))")
        #expect(eventually(within: 10) { Set((try? session.allBodies()) ?? []) == ["Alpha note and more", "Beta note", "Gamma note"] })
        #expect(try session.stop() == 0)

        try session.launch()
        #expect(eventually(within: 15) { session.desktop.waylandWindows().count == 3 && session.trace.filter { $0.callback == "first-frame" }.count == 3 })
        var after: [WaylandWindow] = []
        #expect(eventually(within: 5) {
            after = session.desktop.waylandWindows()
            return after.map(\.title) == before.map(\.title) && after.last?.isFocused == true
        }, "stacking and focus as left: \(before.map(\.title)), now \(after.map { "\($0.title)\($0.isFocused ? "*" : "")" })")
        #expect(after.map { [$0.width, $0.height] } == before.map { [$0.width, $0.height] }, "every window its size: \(before) then \(after)")
        session.keepScreenshot(named: "wayland-restored")
        // The keys go to the front window.
        try session.desktop.typeOnWayland(" typed after")
        #expect(eventually(within: 10) { ((try? session.allBodies()) ?? []).contains("Beta note typed after") })
        #expect(try session.stop() == 0)
    }

    @Test("a relaunch shows the windows back to front, the front one last and on top, and fills in those behind it only once it has drawn and has the focus")
    func windowsBehindFilledInAfterTheFront() throws {
        let session = try QuireSession(wayland: true)
        let (notes, records) = try session.saveWindows(showingNotesOf: (1...5).map { "Note \($0)" })
        try session.launch(environment: ["QUIRE_TRACE_WINDOWS": "1"])
        // "windows: filled in <ms> session=<id>"
        let fills = { session.messages.split(separator: "\n").filter { $0.hasPrefix("windows: filled in ") }.map { $0.split(separator: " ") } }
        #expect(eventually(within: 15) { fills().count == notes.count - 1 }, "each window behind filled in once: \(fills())")
        #expect(Set(fills().map { String($0[4].dropFirst("session=".count)) }) == Set(records.dropLast().map(\.identifier)))
        let frontFrame = try #require(session.trace.first { $0.callback == "first-frame" && $0.session == records.last?.identifier })
        let firstFill = try #require(fills().compactMap { Double($0[3]) }.min())
        #expect(firstFill > frontFrame.milliseconds,
                "nothing filled in before the front window drew: its first frame at \(frontFrame.milliseconds) ms, the first fill at \(firstFill)")
        // The compositor gives the front window the focus only after it has drawn: a
        // window behind filled in before then would take a key typed meanwhile.
        let focused = session.messages.split(separator: "\n").first { $0.hasPrefix("windows: front active ") }.map { $0.split(separator: " ") }
        let frontActive = try #require(focused.flatMap { Double($0[3]) }, "the front window became active")
        #expect(focused?[4] == "session=\(records.last?.identifier ?? "")")
        #expect(firstFill > frontActive, "nothing filled in before the front window had the focus, at \(frontActive) ms; the first fill at \(firstFill)")
        let titles = notes.map { "\($0.title) — Quire" }
        var shown: [WaylandWindow] = []
        #expect(eventually(within: 5) {
            shown = session.desktop.waylandWindows()
            return shown.map(\.title) == titles && shown.last?.isFocused == true
        }, "stacked as saved, the front one focused: \(shown.map { "\($0.title)\($0.isFocused ? "*" : "")" })")
        try session.desktop.typeOnWayland(" typed")
        var bodies: [String] = []
        #expect(eventually(within: 10) {
            bodies = (try? session.allBodies()) ?? []
            return bodies.contains { $0.hasPrefix(" typed") && $0.hasSuffix("Note 5") }
        }, "the keys went to the front window's note, at its start: \(bodies)")
        #expect(try session.stop() == 0)
    }

    @Test("a key typed once the front window has drawn, before the compositor gives it the focus, goes to its note, not to the window shown before it")
    func keyBeforeTheFocusReachesTheFront() throws {
        let session = try QuireSession(wayland: true)
        let (notes, _) = try session.saveWindows(showingNotesOf: (1...5).map { "Note \($0)" })
        // The compositor keeps the focus from the front window as it maps: the
        // moment between its first frame and its focus, which on a busy machine a
        // key may fall into, lasts (up to `BehindWindowsFill.patience`).
        _ = try session.desktop.swaymsg("no_focus [title=\"^Note 5 \"]")
        try session.launch()
        session.waitForTrace(seconds: 15) { $0.filter { $0.callback == "first-frame" }.count == notes.count }
        var shown: [WaylandWindow] = []
        #expect(eventually(within: 5) {
            shown = session.desktop.waylandWindows()
            return shown.count == notes.count && shown.first(where: \.isFocused)?.title == "Note 4 — Quire"
        }, "the window shown before the front one keeps the focus: \(shown.map { "\($0.title)\($0.isFocused ? "*" : "")" })")
        try session.desktop.typeOnWayland("xyz")
        session.expectKeys("xyz", landedAs: "xyzNote 5")
        #expect(try session.stop() == 0)
    }

    @Test("a key typed into a window behind, which the compositor focused after the front one drew but before the front one had the focus, goes to the front window's note, filled in or not")
    func keyInAWindowFocusedBehindTheFront() throws {
        let session = try QuireSession(wayland: true)
        let (notes, records) = try session.saveWindows(showingNotesOf: (1...4).map { "Note \($0)" })
        // No keyboard as the relaunch shows its windows: none has the focus as the
        // front one draws, so the windows behind are filled in at once.
        try session.desktop.removeKeyboard()
        try session.launch(environment: ["QUIRE_TRACE_WINDOWS": "1"])
        session.expectWindowsBehindDrawn(notes.count - 1, within: 15)
        let lines = { session.messages.split(separator: "\n") }
        #expect(lines().contains { $0.hasPrefix("windows: fill opens ") && $0.hasSuffix(": no window has the focus") })
        // Then the compositor focuses a window behind the front one, as mutter at times does.
        try session.desktop.swaymsg("[title=\"^Note 2 \"]", "focus")
        try session.desktop.addKeyboard()
        let second = records[1].identifier
        session.waitForTrace(seconds: 10) { $0.contains { $0.callback == "sceneDidBecomeActive(_:)" && $0.session == second } }
        #expect(!session.trace.contains { $0.callback == "sceneDidBecomeActive(_:)" && $0.session == records.last?.identifier },
                "the front window has not had the focus")
        try session.desktop.typeOnWayland("xyz")
        session.expectKeys("xyz", landedAs: "xyzNote 4")
        #expect(try session.stop() == 0)
    }

    @Test("a relaunch the compositor gives no window the focus (GNOME, started without an activation token) fills the windows behind once the front one has drawn, not after the patience")
    func noWindowFocused() throws {
        let session = try QuireSession(wayland: true)
        let (notes, records) = try session.saveWindows(showingNotesOf: (1...4).map { "Note \($0)" })
        try session.desktop.removeKeyboard()
        try session.launch(environment: ["QUIRE_TRACE_WINDOWS": "1"])
        session.expectWindowsBehindDrawn(notes.count - 1, within: 15)
        let lines = { session.messages.split(separator: "\n") }
        // "windows: fill opens <ms>: <why>"
        let opened = try #require(lines().first { $0.hasPrefix("windows: fill opens ") })
        #expect(opened.hasSuffix(": no window has the focus"), "\(opened)")
        #expect(!lines().contains { $0.hasPrefix("windows: front active ") }, "the front window never had the focus")
        #expect(!session.trace.contains { $0.callback == "sceneDidBecomeActive(_:)" }, "no window had the focus")
        let frontFrame = try #require(session.trace.first { $0.callback == "first-frame" && $0.session == records.last?.identifier })
        let openedAt = try #require(Double(opened.split(separator: " ")[3].dropLast()))
        #expect(openedAt >= frontFrame.milliseconds, "the fill opened at \(openedAt) ms, the front window drew at \(frontFrame.milliseconds)")
        #expect(session.desktop.waylandWindows().map(\.title) == notes.map { "\($0.title) — Quire" }, "stacked as saved")
        #expect(try session.stop() == 0)
    }

    @Test("keys typed while a relaunch is still showing its windows, each taking the focus in turn, go to the front window's note, in order")
    func keysTypedDuringTheRelaunchKept() throws {
        let session = try QuireSession(wayland: true)
        let (notes, _) = try session.saveWindows(showingNotesOf: (1...30).map { "Note \($0)" })
        try session.launch(environment: ["QUIRE_TRACE_WINDOWS": "1"])
        #expect(eventually(within: 10) { !session.desktop.waylandWindows().isEmpty })
        let typed = "abcdfghijklmpqrsuvwxyz"  // no letter of "Note"
        try session.desktop.typeOnWayland(typed)
        session.waitForTrace(seconds: 30) { $0.filter { $0.callback == "first-frame" }.count == notes.count }
        session.expectKeys(typed, landedAs: typed + "Note 30")  // every key, at the front window's cursor
        var top: WaylandWindow?
        #expect(eventually(within: 5) {
            top = session.desktop.waylandWindows().last
            return top?.title == "\(typed)Note 30 — Quire" && top?.isFocused == true
        }, "the front window on top, with the focus: \(String(describing: top))")
        #expect(try session.stop() == 0)
    }

    @Test("every window Quire opens carries its app id and fits the screen: Keyboard Shortcuts and Preferences too")
    func secondaryWindows() throws {
        let session = try QuireSession(wayland: true)
        try session.launch()
        _ = try window("^New Note — Quire$", in: session)
        try session.desktop.pressOnWayland("comma", with: ["ctrl"])
        #expect(eventually(within: 10) { session.desktop.waylandWindows().count == 2 }, "\(session.desktop.waylandWindows())")
        var windows = session.desktop.waylandWindows()
        try session.desktop.pressOnWayland("Escape")  // Preferences closes; the note window has the keys again
        #expect(eventually(within: 10) { session.desktop.waylandWindows().count == 1 })
        try session.desktop.pressOnWayland("question", with: ["ctrl"])
        #expect(eventually(within: 10) { session.desktop.waylandWindows().count == 2 }, "\(session.desktop.waylandWindows())")
        windows += session.desktop.waylandWindows()
        #expect(windows.allSatisfy { $0.appID == "io.github.quire.Quire" }, "\(windows.map { ($0.title, $0.appID) })")
        #expect(windows.allSatisfy { $0.width <= 1_280 && $0.height <= 800 }, "\(windows.map { ($0.title, $0.width, $0.height) })")
        session.keepScreenshot(named: "wayland-shortcuts")
        #expect(try session.stop() == 0)
    }

    @Test("text copied in another program pastes into a note, and a note's text copied in Quire pastes in another program")
    func clipboard() throws {
        let session = try QuireSession(wayland: true)
        try session.launch()
        _ = try window("^New Note — Quire$", in: session)
        // wl-copy stays behind to serve the text, until the compositor goes.
        _ = try ChildProcess.run("wl-copy", ["From elsewhere"], environment: session.environment(), outputDirectory: session.desktop.directory.path)
        try session.desktop.pressOnWayland("v", with: ["ctrl"])
        #expect(session.stores("From elsewhere"), "pasted: \(String(describing: try? session.storedBody()))")
        try session.desktop.typeOnWayland(" and back")
        try session.desktop.pressOnWayland("a", with: ["ctrl"])
        try session.desktop.pressOnWayland("c", with: ["ctrl"])
        expectPasted("From elsewhere and back", from: session)
        #expect(try session.stop() == 0)
    }

    @Test("a Hebrew checklist copied in Quire pastes in another program with every box as it is in the note, a checked one's x too")
    func rightToLeftChecklistCopied() throws {
        let session = try QuireSession(wayland: true)
        let note = "קניות\n- [x] חלב\n- [ ] לחם"
        try NoteStore(path: session.notesPath).createNote(body: note)
        try session.launch()
        _ = try window("^קניות — Quire$", in: session)
        try session.desktop.pressOnWayland("a", with: ["ctrl"])
        try session.desktop.pressOnWayland("c", with: ["ctrl"])
        expectPasted(note, from: session)
        #expect(try session.stop() == 0)
    }

    @Test("words typed just before the compositor dies are in the note after the next launch (the typing journal)")
    func compositorLost() throws {
        let first = try QuireSession(wayland: true)
        try first.launch()
        _ = try window("^New Note — Quire$", in: first)
        try first.desktop.typeOnWayland("Before the crash")
        #expect(first.stores("Before the crash"))
        try first.desktop.typeOnWayland(" LAST WORDS")
        #expect(eventually(within: 10) { first.journaledText() == "Before the crash LAST WORDS" }, "every keystroke reached the journal")
        first.desktop.loseDisplay()
        #expect(first.process?.waitForExit(seconds: 10) != nil, "Quire ends with its compositor")

        let second = try QuireSession(dataHome: first.dataHome, stateHome: first.stateHome, wayland: true)
        try second.launch()
        _ = try window("^Before the crash LAST WORDS — Quire$", in: second)
        #expect(second.stores("Before the crash LAST WORDS"))
        #expect(try second.stop() == 0)
    }

    @Test("a note trashed elsewhere while its window has the keyboard: the window stays on it, and the words typed on become a new note, as on X11")
    func trashedElsewhereWhileTyping() throws {
        let session = try QuireSession(wayland: true)
        let store = try NoteStore(path: session.notesPath)
        _ = try store.createNote(body: "Other note")
        let plan = try store.createNote(body: "Plan")
        try session.launch()
        _ = try window("^Plan — Quire$", in: session)
        try session.desktop.pressOnWayland("End", with: ["ctrl"])
        try store.moveToTrash(plan.id)  // another program's write
        #expect(eventually(within: 10) { session.messages.contains("its window stays on it") }, "\(session.messages.suffix(800))")
        try session.desktop.typeOnWayland(" today")
        #expect(eventually(within: 10) { (try? store.allNotes().map(\.body).sorted()) == ["Other note", "Plan today"] },
                "the words became a note: \((try? session.allBodies()) ?? [])")
        #expect(try store.trashedNotes().map(\.body) == ["Plan"], "nothing is written into the trash")
        _ = try window("^Plan today — Quire$", in: session)
        #expect(try session.stop() == 0)
    }

    @Test("dark when the desktop prefers dark, as on X11")
    func darkStyle() throws {
        let session = try QuireSession(wayland: true)
        let portal = try SettingsPortalStandIn.startPreferringDark(environment: session.environment(), directory: session.desktop.directory.path)
        defer { portal.send(SIGTERM); _ = portal.waitForExit(seconds: 5) }
        try session.launch()
        let shown = try window("^New Note — Quire$", in: session)
        session.waitForTrace { $0.contains { $0.callback == "first-frame" } }
        // The editor fills the right of the window.
        let (x, y) = (shown.x + shown.width * 3 / 4, shown.y + shown.height / 2)
        #expect(eventually(within: 5) { ((try? session.screenSample("luminance", atX: x, y: y, shot: "wayland-dark")) ?? 255) < 80 })
        #expect(try session.stop() == 0)
    }
}
