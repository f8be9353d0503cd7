import Foundation
@testable import Scenes
import Testing
import TestSupport

/// Activation states follow the real window: focus, and minimised (here,
/// unmapped from outside, which GTK reports as minimised without a window
/// manager) (contract sequences E and F, and the section 3 table).
@Suite("Scene lifecycle: background, foreground, low memory", .serialized)
struct SceneStateTests {
    @Test("E: minimised goes active → inactive → background and saves; restored comes back to foreground")
    func backgroundAndForeground() throws {
        let session = try QuireSession()
        try session.launch()
        let window = try session.waitForWindow(matching: "^New Note — Quire$")
        session.waitForTrace { $0.contains { $0.callback == "sceneDidBecomeActive(_:)" } }
        let id = try #require(session.lifecycle.last?.session)
        let before = session.trace.count

        try session.desktop.xdotool("windowunmap", "--sync", window)
        session.waitForTrace { $0.dropFirst(before).contains { $0.callback == "stateRestorationActivity(for:)" } }
        #expect(session.trace.dropFirst(before).map(\.callback) == [
            "sceneWillResignActive(_:)", "sceneDidEnterBackground(_:)", "stateRestorationActivity(for:)",
        ])
        #expect(session.trace.dropFirst(before).allSatisfy { $0.session == id })

        let hidden = session.trace.count
        try session.desktop.xdotool("windowmap", "--sync", window)
        try session.desktop.xdotool("windowfocus", "--sync", window)
        session.waitForTrace { $0.dropFirst(hidden).contains { $0.callback == "sceneDidBecomeActive(_:)" } }
        let back = session.lifecycle(after: hidden).map(\.callback)
        #expect(back.prefix(2) == ["sceneWillEnterForeground(_:)", "sceneDidBecomeActive(_:)"], "\(back)")
        // Mapped with no window manager, the window may take the X focus itself before
        // xdotool gives it again, which X tells as focus out and in: inactive and active
        // again, as the focus went, never a trip to the background.
        #expect(back.dropFirst(2).elementsEqual(Array(repeating: ["sceneWillResignActive(_:)", "sceneDidBecomeActive(_:)"],
                                                               count: (back.count - 2) / 2).joined()), "\(back)")
        #expect(try session.stop() == 0)
    }

    @Test("F: on a low-memory request a background scene is saved and disconnected; its session lives on")
    func lowMemoryDisconnect() throws {
        let session = try QuireSession()
        try session.launch()
        let first = try session.waitForWindow(matching: "^New Note — Quire$")
        try session.desktop.type("kept in memory", into: first)
        #expect(try session.runSecond(["--new-window"]).status == 0)
        _ = try session.focusNewWindow(besides: [first])
        let firstID = try #require(session.lifecycle.first { $0.callback == "scene(_:willConnectTo:options:)" }?.session)
        try session.desktop.xdotool("windowunmap", "--sync", first)
        session.waitForTrace { $0.contains { $0.session == firstID && $0.callback == "sceneDidEnterBackground(_:)" } }

        let before = session.trace.count
        let action = try ChildProcess.run(
            "gapplication", ["action", "io.github.quire.Quire", "disconnect-background-scenes"],
            environment: session.environment(), outputDirectory: session.desktop.directory.path)
        #expect(action.status == 0, "\(action.error)")
        session.waitForTrace { $0.dropFirst(before).contains { $0.callback == "sceneDidDisconnect(_:)" } }
        // A throttled save from the typing may land first; what F requires is the
        // save immediately before the disconnection, and nothing else for the scene.
        let events = session.trace.dropFirst(before)
        #expect(events.suffix(2).map(\.description) == [
            "stateRestorationActivity(for:) \(firstID)", "sceneDidDisconnect(_:) \(firstID)",
        ])
        #expect(events.allSatisfy { $0.session == firstID && ["stateRestorationActivity(for:)", "sceneDidDisconnect(_:)"].contains($0.callback) },
                "\(events.map(\.description))")
        #expect(!session.trace.contains { $0.callback == "application(_:didDiscardSceneSessions:)" })
        #expect(try session.savedSessions().contains { $0.identifier == firstID }, "the session lives on")
        #expect(try session.stop() == 0)
    }
}
