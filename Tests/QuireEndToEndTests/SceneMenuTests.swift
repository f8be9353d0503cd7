import Foundation
@testable import Scenes
import Testing
import TestSupport

/// The primary menu as a person uses it: by keyboard (F10 opens it) and with
/// the mouse on the window's close button.
@Suite("Scene lifecycle: menus and the close button", .serialized)
struct SceneMenuTests {
    @Test("New Window from the menu opens a window; the close button closes one and discards its session")
    func menuAndCloseButton() throws {
        let session = try QuireSession()
        try session.launch()
        let first = try session.waitForWindow(matching: "^New Note — Quire$")
        try session.desktop.type("from the menu", into: first)
        try session.desktop.xdotool("key", "F10")
        try session.desktop.xdotool("key", "Return")  // the menu's first item: New Window
        session.waitForTrace { $0.filter { $0.callback == "sceneDidBecomeActive(_:)" }.count >= 2 }
        let created = session.lifecycle.filter { $0.callback == "application(_:configurationForConnecting:options:)" }.map(\.session)
        #expect(created.count == 2, "the menu opened a second window")
        session.keepScreenshot(named: "menu-second-window")

        // The new window lies on top of the first at the screen's corner; its close
        // button is the header bar's last control (720-pixel-wide window).
        let second = try #require(session.windowIDs().first { $0 != first })
        try session.desktop.xdotool("mousemove", "--window", second, "693", "27", "click", "1")
        session.waitForTrace { $0.contains { $0.callback == "application(_:didDiscardSceneSessions:)" } }
        #expect(session.lifecycle.first { $0.callback == "application(_:didDiscardSceneSessions:)" }?.sessions == [created[1]])
        #expect(try session.savedSessions().map(\.identifier) == [created[0]])
        #expect(session.desktop.windowTitles(matching: "Quire$") == ["from the menu — Quire"])
        #expect(try session.stop() == 0)
    }

    @Test("the Window menu lists a disconnected window and choosing it reconnects the window")
    func windowMenuReconnects() throws {
        let session = try QuireSession()
        try session.launch()
        let first = try session.waitForWindow(matching: "^New Note — Quire$")
        try session.desktop.type("alpha", into: first)
        #expect(try session.runSecond(["--new-window"]).status == 0)
        session.waitForTrace { $0.filter { $0.callback == "sceneDidBecomeActive(_:)" }.count >= 2 }
        let ids = session.lifecycle.filter { $0.callback == "scene(_:willConnectTo:options:)" }.map(\.session)
        let second = try #require(session.windowIDs().first { $0 != first })
        try session.desktop.type("beta", into: second)

        try session.desktop.xdotool("windowunmap", "--sync", first)
        session.waitForTrace { $0.contains { $0.session == ids[0] && $0.callback == "sceneDidEnterBackground(_:)" } }
        let action = try ChildProcess.run(
            "gapplication", ["action", "io.github.quire.Quire", "disconnect-background-scenes"],
            environment: session.environment(), outputDirectory: session.desktop.directory.path)
        #expect(action.status == 0)
        session.waitForTrace { $0.contains { $0.session == ids[0] && $0.callback == "sceneDidDisconnect(_:)" } }
        #expect(session.desktop.windowTitles(matching: "Quire$") == ["beta — Quire"])

        // Menu order: New Window; the windows, most recent first (beta, then alpha); Quit.
        let before = session.trace.count
        try session.desktop.xdotool("windowfocus", "--sync", second)
        try session.desktop.xdotool("key", "F10")
        for key in ["Down", "Down", "Return"] { try session.desktop.xdotool("key", key) }
        session.waitForTrace { $0.dropFirst(before).contains { $0.callback == "sceneWillEnterForeground(_:)" && $0.session == ids[0] } }
        #expect(Array(session.lifecycle(after: before).filter { $0.session == ids[0] }.map(\.callback).prefix(3)) == [
            "scene(_:willConnectTo:options:)", "scene(_:restoreInteractionStateWith:)", "sceneWillEnterForeground(_:)",
        ], "D: reconnected without asking for a configuration")
        _ = try session.waitForWindow(matching: "^alpha — Quire$")
        #expect(try session.stop() == 0)
    }
}
