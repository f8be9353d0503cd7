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
        try session.desktop.type(" and bread", into: second)
        #expect(session.stores("groceries and bread"), "typing into it edits the note")

        // A window closed at another size leaves the one built ahead at the wrong size:
        // it is built again, and the next window opens at the size of the last one closed.
        let third = try windowBuiltAhead(of: session, at: "720x540")
        try session.desktop.xdotool("windowsize", "--sync", second, "900", "640")
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
}
