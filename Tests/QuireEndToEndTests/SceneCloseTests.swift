import Foundation
@testable import Scenes
import Testing
import TestSupport

/// Closing windows discards their sessions, exactly once, even across a crash
/// (contract sequences G and H).
@Suite("Scene lifecycle: close and discard", .serialized)
struct SceneCloseTests {
    /// Launches, opens a second window from a second process, and returns both sessions (first, second).
    private func twoWindows(_ session: QuireSession, environment: [String: String] = [:]) throws -> (String, String) {
        try session.launch(environment: environment)
        let first = try session.waitForWindow(matching: "^New Note — Quire$")
        session.waitForTrace { $0.contains { $0.callback == "sceneDidBecomeActive(_:)" } }
        #expect(try session.runSecond(["--new-window"]).status == 0)
        _ = try session.focusNewWindow(besides: [first])
        let created = session.lifecycle.filter { $0.callback == "scene(_:willConnectTo:options:)" }.map(\.session)
        try #require(created.count == 2)
        session.waitForTrace { $0.last { $0.callback == "sceneDidBecomeActive(_:)" }?.session == created[1] }
        return (created[0], created[1])
    }

    @Test("G: closing a window discards its session; closing the last quits, and the next launch starts new")
    func closeDiscards() throws {
        let session = try QuireSession()
        let (first, second) = try twoWindows(session)
        try session.desktop.xdotool("key", "ctrl+w")
        session.waitForTrace { $0.contains { $0.callback == "application(_:didDiscardSceneSessions:)" } }
        let closing = session.lifecycle.filter { $0.session == second }.map(\.callback)
        #expect(Array(closing.suffix(4)) == [
            "sceneWillResignActive(_:)", "sceneDidEnterBackground(_:)", "sceneDidDisconnect(_:)",
            "application(_:didDiscardSceneSessions:)",
        ], "\(closing)")
        let trace = session.trace
        let background = try #require(trace.firstIndex { $0.session == second && $0.callback == "sceneDidEnterBackground(_:)" })
        #expect(!trace[background...].contains { $0.session == second && $0.callback == "stateRestorationActivity(for:)" },
                "a discarded session's state is not saved")
        #expect(try session.savedSessions().map(\.identifier) == [first], "the closed session's saved state is deleted")
        #expect(try session.pendingDiscards().isEmpty)
        #expect(session.process?.isRunning == true, "the other window keeps the app running")

        let remaining = try session.waitForWindow(matching: "Quire$")
        try session.desktop.xdotool("windowfocus", "--sync", remaining)
        try session.desktop.xdotool("key", "ctrl+w")
        #expect(session.process?.waitForExit(seconds: 10) == 0, "closing the last window quits")
        #expect(session.lifecycle.last?.callback == "applicationWillTerminate(_:)")
        #expect(try session.savedSessions().isEmpty)

        try session.launch()
        session.waitForTrace { $0.contains { $0.callback == "sceneDidBecomeActive(_:)" } }
        #expect(session.lifecycle.contains { $0.callback == "application(_:configurationForConnecting:options:)" },
                "with no sessions left, the next launch is A")
        #expect(try session.stop() == 0)
    }

    @Test("H: a discard recorded before a SIGKILL is delivered on the next launch, before any connection, once")
    func discardSurvivesKill() throws {
        let session = try QuireSession()
        let (first, second) = try twoWindows(session, environment: ["SCENES_DEBUG_KILL_AFTER_DISCARD_RECORDED": "1"])
        try session.desktop.xdotool("key", "ctrl+w")
        #expect(session.process?.waitForExit(seconds: 10) == 128 + SIGKILL)
        #expect(!session.trace.contains { $0.callback == "application(_:didDiscardSceneSessions:)" })
        #expect(try session.pendingDiscards() == [second])
        #expect(try session.savedSessions().map(\.identifier) == [first])

        try session.launch()
        session.waitForTrace { $0.contains { $0.callback == "sceneDidBecomeActive(_:)" } }
        let relaunch = session.lifecycle.map(\.callback)
        #expect(Array(relaunch.prefix(3)) == [
            "application(_:didFinishLaunchingWithOptions:)", "application(_:didDiscardSceneSessions:)",
            "scene(_:willConnectTo:options:)",
        ], "\(relaunch)")
        #expect(session.lifecycle.first { $0.callback == "application(_:didDiscardSceneSessions:)" }?.sessions == [second])
        #expect(session.lifecycle.first { $0.callback == "scene(_:willConnectTo:options:)" }?.session == first)
        #expect(try session.pendingDiscards().isEmpty)
        #expect(try session.stop() == 0)

        try session.launch()
        session.waitForTrace { $0.contains { $0.callback == "sceneDidBecomeActive(_:)" } }
        #expect(!session.lifecycle.contains { $0.callback == "application(_:didDiscardSceneSessions:)" }, "never twice")
        #expect(try session.stop() == 0)
    }

    @Test("H: a discard delivered just before a SIGKILL is not delivered again")
    func deliveredDiscardIsNotRepeated() throws {
        let session = try QuireSession()
        let (first, second) = try twoWindows(session, environment: ["SCENES_DEBUG_KILL_AFTER_DISCARD_DELIVERED": "1"])
        try session.desktop.xdotool("key", "ctrl+w")
        #expect(session.process?.waitForExit(seconds: 10) == 128 + SIGKILL)
        #expect(session.trace.filter { $0.callback == "application(_:didDiscardSceneSessions:)" }.map(\.sessions) == [[second]])
        #expect(try session.pendingDiscards().isEmpty, "marked delivered before the delegate heard of it")

        try session.launch()
        session.waitForTrace { $0.contains { $0.callback == "sceneDidBecomeActive(_:)" } }
        #expect(!session.lifecycle.contains { $0.callback == "application(_:didDiscardSceneSessions:)" }, "exactly once")
        #expect(session.lifecycle.first { $0.callback == "scene(_:willConnectTo:options:)" }?.session == first)
        #expect(try session.stop() == 0)
    }
}
