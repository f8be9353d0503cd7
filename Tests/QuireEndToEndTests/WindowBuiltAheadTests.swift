import Foundation
import Testing
import TestSupport

/// The next main window, built while Quire is idle and kept hidden until a
/// New Window takes it (`MainWindowAhead`), seen from outside: the X window
/// that maps is the one that waited unmapped, and what it shows is what a
/// window built when asked for shows.
@Suite("A main window built ahead, end to end", .serialized)
struct WindowBuiltAheadTests {
    /// The app's hidden windows with a size: windows built ahead (GDK's
    /// 1 × 1 leader window aside), as "id widthxheight".
    private func hiddenWindows(of session: QuireSession) -> Set<String> {
        let all = (try? session.desktop.xdotool("search", "--classname", "^io\\.github\\.quire\\.Quire$")) ?? ""
        let shown = Set(((try? session.desktop.xdotool("search", "--onlyvisible", "--classname", "^io\\.github\\.quire\\.Quire$")) ?? "")
            .split(separator: "\n").map(String.init))
        return Set(all.split(separator: "\n").map(String.init).filter { !shown.contains($0) }.compactMap { id in
            guard let size = try? session.desktop.geometry(of: id), size.width > 1 else { return nil }
            return "\(id) \(size.width)x\(size.height)"
        })
    }

    /// Waits for the one window built ahead at `size`; its X id.
    private func windowBuiltAhead(of session: QuireSession, at size: String) throws -> String {
        var found: Set<String> = []
        let built = eventually(within: 15) {
            found = hiddenWindows(of: session)
            return found.count == 1 && found.first?.hasSuffix(" \(size)") == true
        }
        try #require(built, "one window built ahead at \(size): \(found)")
        return String(try #require(found.first).split(separator: " ")[0])
    }

    /// The lines `QUIRE_TRACE_WINDOWS` wrote so far, without their prefix:
    /// "built ahead at 720x540", "taken (built ahead at 720x540)", ….
    private func windowTrace(of session: QuireSession) -> [String] {
        session.messages.split(separator: "\n").filter { $0.hasPrefix("windows: ") }.map { String($0.dropFirst(9)) }
    }

    /// Waits until the window trace holds `line` `count` times.
    private func waitForWindowTrace(_ line: String, count: Int = 1, in session: QuireSession,
                                    sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(eventually(within: 15) { windowTrace(of: session).filter { $0 == line }.count == count },
                "\(count) × \"\(line)\" in \(windowTrace(of: session))", sourceLocation: sourceLocation)
    }

    @Test("New Window maps the window built ahead, on the newest note; after a window closed at another size, the next one opens at that size")
    func newWindowTakesTheOneBuiltAhead() throws {
        let session = try QuireSession()
        try session.launch()
        let first = try session.waitForWindow(matching: "^New Note — Quire$")
        try session.desktop.type("groceries", into: first)
        #expect(session.stores("groceries"))
        let ahead = try windowBuiltAhead(of: session, at: "720x540")

        #expect(try session.runSecond(["--new-window"]).status == 0)
        let second = try session.focusNewWindow(besides: [first])
        #expect(second == ahead, "the window that maps is the one built ahead")
        #expect(eventually(within: 5) { session.desktop.windowTitles(matching: "Quire$").sorted() == ["groceries — Quire", "groceries — Quire"] },
                "it shows the newest note: \(session.desktop.windowTitles(matching: "Quire$"))")
        #expect(try session.desktop.geometry(of: second).width == 720)
        session.keepScreenshot(named: "window-built-ahead")
        // Resized before the typing, which the app handles after the new size.
        try session.desktop.xdotool("windowsize", "--sync", second, "900", "640")
        try session.desktop.type(" and bread", into: second)
        #expect(session.stores("groceries and bread"), "typing into it edits the note")

        // A window closed at another size leaves the one built ahead at the wrong size:
        // it is built again, and the next window opens at the size of the last one closed.
        let third = try windowBuiltAhead(of: session, at: "720x540")
        try session.desktop.xdotool("key", "ctrl+w")
        #expect(eventually(within: 5) { session.desktop.windowTitles(matching: "Quire$").count == 1 })
        let rebuilt = try windowBuiltAhead(of: session, at: "900x640")
        #expect(rebuilt != third)
        #expect(try session.runSecond(["--new-window"]).status == 0)
        let fourth = try session.focusNewWindow(besides: [first])
        #expect(fourth == rebuilt)
        let size = try session.desktop.geometry(of: fourth)
        #expect((size.width, size.height) == (900, 640), "\(size)")
        #expect(try session.storedNotes().count == 1, "windows built ahead leave no note behind")
        #expect(try session.stop() == 0)
    }

    @Test("on Wayland too: New Window takes the window built ahead, on the newest note, typing into it edits the note; after a window closed at another size, the next opens at that size")
    func onWayland() throws {
        let session = try QuireSession(wayland: true)
        try session.launch(environment: ["QUIRE_TRACE_WINDOWS": "1"])
        _ = try session.desktop.waitForWaylandWindow(matching: "^New Note — Quire$")
        try session.desktop.typeOnWayland("groceries")
        #expect(session.stores("groceries"))
        waitForWindowTrace("built ahead at 720x540", in: session)

        #expect(try session.runSecond(["--new-window"]).status == 0)
        waitForWindowTrace("taken (built ahead at 720x540)", in: session)
        var windows: [WaylandWindow] = []
        #expect(eventually(within: 10) {
            windows = session.desktop.waylandWindows()
            return windows.map(\.title) == ["groceries — Quire", "groceries — Quire"] && windows.last?.isFocused == true
        }, "the new window, in front, shows the newest note: \(windows)")
        #expect(windows.last.map { [$0.width, $0.height] } == [720, 540], "\(windows)")
        session.keepScreenshot(named: "wayland-window-built-ahead")
        // Resized before the typing, which the app handles after the new size.
        try session.desktop.swaymsg("resize", "set", "900", "640")
        #expect(eventually(within: 10) { session.desktop.waylandWindows().last.map { [$0.width, $0.height] } == [900, 640] },
                "\(session.desktop.waylandWindows())")
        try session.desktop.typeOnWayland(" and bread")
        #expect(session.stores("groceries and bread"), "typing into it edits the note")

        // Closed at another size, the window leaves the next one built ahead at the
        // wrong size: it is thrown away and built again at the size of the one closed.
        waitForWindowTrace("built ahead at 720x540", count: 2, in: session)
        try session.desktop.pressOnWayland("w", with: ["ctrl"])
        #expect(eventually(within: 10) { session.desktop.waylandWindows().count == 1 })
        waitForWindowTrace("thrown away (built ahead at 720x540)", in: session)
        waitForWindowTrace("built ahead at 900x640", in: session)
        #expect(try session.runSecond(["--new-window"]).status == 0)
        waitForWindowTrace("taken (built ahead at 900x640)", in: session)
        #expect(eventually(within: 10) {
            windows = session.desktop.waylandWindows()
            return windows.count == 2 && windows.last.map { [$0.width, $0.height] } == [900, 640]
        }, "\(windows)")
        #expect(try session.storedNotes().count == 1, "windows built ahead leave no note behind")
        #expect(try session.stop() == 0)
    }
}
