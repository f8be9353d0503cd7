import Foundation
import GtkKit
import Scenes

/// Scripted uses of the framework, run inside a real GtkApplication; each
/// prints "result <name> <value>" lines for the tests to check, then quits.
@MainActor
struct Scenario {
    let application: Application

    /// Waits (on the main actor, through the GLib bridge) until `condition` holds; false after 5 s.
    @discardableResult
    func until(_ condition: @MainActor () -> Bool) async -> Bool {
        for _ in 0..<500 {
            if condition() { return true }
            try? await Task.sleep(for: .milliseconds(10))
        }
        return condition()
    }

    func result(_ name: String, _ value: Any) { print("result \(name) \(value)") }

    /// The session of the only scene, once it is active.
    func firstActiveSession() async -> SceneSession? {
        await until { application.connectedScenes.first?.activationState == .foregroundActive }
        return application.connectedScenes.first?.session
    }

    /// Opens a new scene and waits until it is active; returns its session.
    func openScene(with activity: UserActivity? = nil) async -> SceneSession? {
        let before = application.openSessions
        application.requestSceneSessionActivation(nil, userActivity: activity)
        guard let session = application.openSessions.subtracting(before).first else { return nil }
        await until { session.scene?.activationState == .foregroundActive }
        return session
    }

    /// Live objects: scenes, delegates, windows, GObject wrappers, signal handlers.
    var liveObjects: String {
        "\(LiveSceneObjects.sceneCount),\(LiveSceneObjects.delegateCount),\(LiveSceneObjects.windowCount)"
            + ",\(LiveCounts.objectWrappers),\(LiveCounts.signalHandlers)"
    }

    /// Opens and closes 200 scenes; live objects return to where they started.
    func lifetime() async {
        guard await firstActiveSession() != nil else { return result("error", "no first scene") }
        try? await Task.sleep(for: .milliseconds(100))
        result("before", liveObjects)
        var cycles = 0
        let count = Int(ProcessInfo.processInfo.environment["SCENE_HOST_CYCLES"] ?? "") ?? 200
        for _ in 0..<count {
            guard let session = await openScene() else { break }
            application.requestSceneSessionDestruction(session)
            cycles += 1
        }
        await until { application.connectedScenes.count == 1 }
        try? await Task.sleep(for: .milliseconds(Int(ProcessInfo.processInfo.environment["SCENE_HOST_SETTLE_MS"] ?? "") ?? 200))
        result("cycles", cycles)
        result("after", liveObjects)
        result("open-sessions", application.openSessions.count)
    }

    /// F then D: a background scene is disconnected, its session kept, and
    /// reconnected with an activity as new scene and delegate objects.
    func reconnect() async {
        guard let first = await firstActiveSession(), let second = await openScene(),
              let oldScene = second.scene as? WindowScene
        else { return result("error", "no scenes") }
        let oldDelegate = ObjectIdentifier(oldScene.delegate)
        oldScene.window.hide()
        await until { second.scene?.activationState == .background }
        var mark = Recorder.calls.count
        application.disconnectBackgroundScenes()
        result("disconnect", Recorder.since(mark).joined(separator: ","))
        result("disconnected-kept", second.scene == nil && application.openSessions.contains(second))

        let request = UserActivity(activityType: "host.state")
        request.targetContentIdentifier = "doc:7"
        mark = Recorder.calls.count
        application.requestSceneSessionActivation(second, userActivity: request)
        await until { second.scene.map { $0.activationState != .background && $0.activationState != .unattached } ?? false }
        // Without a window manager, a new window does not take the focus back
        // from the root window; raising the now-connected scene (D) gives it.
        application.requestSceneSessionActivation(second, userActivity: nil)
        await until { second.scene?.activationState == .foregroundActive }
        result("reconnect", Recorder.since(mark).joined(separator: ","))
        result("reconnect-activity", HostSceneDelegate.lastConnectionActivities.map { $0.targetContentIdentifier ?? "-" })
        result("new-objects", second.scene !== oldScene && second.scene.map { ObjectIdentifier($0.delegate) } != oldDelegate)

        let handOver = UserActivity(activityType: "host.state")
        handOver.targetContentIdentifier = "doc:8"
        mark = Recorder.calls.count
        application.requestSceneSessionActivation(first, userActivity: handOver)
        await until { first.scene?.activationState == .foregroundActive }
        result("continue", Recorder.since(mark).filter { $0.hasPrefix("continue") }.joined(separator: ","))
        result("first", first.persistentIdentifier.prefix(8))
        result("second", second.persistentIdentifier.prefix(8))
    }

    /// Activation conditions: a request for content an open session prefers
    /// activates it; other content gets a new session. Run twice on the same
    /// state: the second run checks the conditions survived the relaunch.
    func conditions() async {
        guard let first = await firstActiveSession() else { return result("error", "no first scene") }
        await until { application.connectedScenes.allSatisfy { $0.activationState != .unattached } }
        let preferring = application.openSessions.first { $0.scene?.activationConditions.prefers("doc:1") == true }
        if let preferring {
            result("restored-preference", preferring.persistentIdentifier.prefix(8))
            result("restored-user-info", preferring.userInfo?["owner"]?.stringValue ?? "none")
        } else {
            first.userInfo = ["owner": .string("host")]
            first.scene?.activationConditions.prefersToActivateForTargetContentIdentifiers = ["doc:1"]
            _ = await openScene(with: { let a = UserActivity(activityType: "host.state"); a.targetContentIdentifier = "doc:2"; return a }())
        }
        let sessionsBefore = application.openSessions.count
        let request = UserActivity(activityType: "host.state")
        request.targetContentIdentifier = "doc:1"
        let mark = Recorder.calls.count
        application.requestSceneSessionActivation(nil, userActivity: request)
        try? await Task.sleep(for: .milliseconds(200))
        result("doc1", Recorder.since(mark).filter { !$0.hasPrefix("stateRestoration") }.joined(separator: ","))
        result("sessions", "\(sessionsBefore)->\(application.openSessions.count)")
        result("preferring", (preferring ?? first).persistentIdentifier.prefix(8))
    }

    /// Requests about a session that was discarded are refused with requestDenied.
    func discardedRequests() async {
        guard await firstActiveSession() != nil, let second = await openScene() else { return result("error", "no scenes") }
        application.requestSceneSessionDestruction(second)
        await until { application.openSessions.count == 1 }
        var refusals: [String] = []
        application.requestSceneSessionActivation(second, userActivity: nil) { refusals.append("\($0)") }
        application.requestSceneSessionDestruction(second) { refusals.append("\($0)") }
        result("refusals", refusals.joined(separator: " | "))
    }

    /// A window built ahead (`windowBuiltAhead(for:)`) is the next scene's,
    /// connected through the same calls as any new scene's; the scene after
    /// it makes its own. A window made and never handed to a scene does not
    /// keep the app running once the last scene closes.
    func builtAhead() async {
        guard await firstActiveSession() != nil else { return result("error", "no first scene") }
        let ahead = application.makeWindow(), neverHandedOver = application.makeWindow()
        for window in [ahead, neverHandedOver] {
            window.setChild(Label("built ahead"))
            window.realize()
        }
        HostSceneDelegate.windowAhead = ahead
        let mark = Recorder.calls.count
        guard let second = await openScene() else { return result("error", "no second scene") }
        result("took-it", (second.scene as? WindowScene)?.window === ahead)
        let itsCalls = Recorder.since(mark).filter { $0.hasSuffix(" \(second.persistentIdentifier.prefix(8))") }
        result("calls", itsCalls.map { $0.split(separator: " ")[0] }.joined(separator: ","))
        guard let third = await openScene() else { return result("error", "no third scene") }
        result("next-its-own", (third.scene as? WindowScene).map { $0.window !== ahead && $0.window !== neverHandedOver } ?? false)
        withExtendedLifetime(neverHandedOver) {
            for session in application.openSessions { application.requestSceneSessionDestruction(session) }
        }
    }

    /// A one-window manifest refuses a second window.
    func singleScene() async {
        guard await firstActiveSession() != nil else { return result("error", "no first scene") }
        var refusal = "none"
        application.requestSceneSessionActivation(nil, userActivity: nil) { refusal = "\($0)" }
        result("refusal", refusal)
        result("sessions", application.openSessions.count)
    }

    /// Reports each connection's restoration reason and whether its saved
    /// activity was readable in willConnectTo; with SCENE_HOST_WAIT=1 it then
    /// waits to be killed, so the next run is a recovery.
    func restoration() async {
        guard let first = await firstActiveSession() else { return result("error", "no first scene") }
        first.scene?.userActivity?.addUserInfoEntries(from: ["saved": .bool(true)])
        try? await Task.sleep(for: .milliseconds(1_200))  // the throttled save lands
        result("connections", HostSceneDelegate.connections.joined(separator: ","))
        if ProcessInfo.processInfo.environment["SCENE_HOST_WAIT"] == "1" {
            // Unbuffered: the test kills the process next.
            FileHandle.standardOutput.write(Data("ready\n".utf8))
            try? await Task.sleep(for: .seconds(60))
        }
    }

    /// Waits a little over a second once the scene is active, then lets the app
    /// quit: the quit's save of the activity is the first in over a second.
    func quitAfterWaiting() async {
        guard await firstActiveSession() != nil else { return result("error", "no first scene") }
        try? await Task.sleep(for: .milliseconds(1_300))
    }

    /// Whether the first window is drawn dark, once it is active.
    func style() async {
        guard await firstActiveSession() != nil else { return result("error", "no first scene") }
        result("dark", DesktopStyle.isDark)
    }

    /// Marks the activity as needing a save 25 times in 2.5 s: it is saved
    /// while this goes on, at most about once a second.
    func throttle() async {
        guard let first = await firstActiveSession() else { return result("error", "no first scene") }
        try? await Task.sleep(for: .milliseconds(1_100))
        let mark = Recorder.calls.count
        for step in 0..<25 {
            first.scene?.userActivity?.addUserInfoEntries(from: ["step": .integer(Int64(step))])
            try? await Task.sleep(for: .milliseconds(100))
        }
        try? await Task.sleep(for: .milliseconds(1_200))
        result("saves", Recorder.since(mark).filter { $0.hasPrefix("stateRestorationActivity") }.count)
    }
}
