import Foundation
@testable import Scenes
import Testing
import TestSupport

/// Saved state and manifests that cannot be trusted: the app says what
/// happened, keeps running, and loses nothing it could not read.
@Suite("Scene lifecycle: untrusted input and launch options", .serialized)
struct SceneInputTests {
    /// A saved main-window session, as a previous run would leave it.
    private func savedSession(_ id: String = UUID().uuidString, configuration: String = "Default Configuration",
                              activity: Data? = nil, stacking: Int64 = 1) -> SessionRecord {
        SessionRecord(identifier: id, role: SceneSessionRole.windowApplication.rawValue, configurationName: configuration,
                      userInfo: nil, activationConditions: nil, restorationActivity: activity, stacking: stacking)
    }

    private func prepare(_ session: QuireSession, _ records: [SessionRecord], launchValues: [String: Int64] = ["clean_exit": 1]) throws {
        let store = try SessionStore(path: session.scenesPath)
        for record in records {
            try store.save(record)
            try store.saveActivity(record.restorationActivity, forSession: record.identifier)
        }
        for (key, value) in launchValues { try store.setLaunchValue(key, value) }
    }

    @Test("a manifest naming a class that does not exist stops the launch, naming the key and the value")
    func unknownDelegateClass() throws {
        let session = try QuireSession()
        let resources = session.desktop.directory.file("resources")
        try FileManager.default.createDirectory(atPath: resources, withIntermediateDirectories: true)
        let manifest = try String(contentsOfFile: BuiltProducts.sourceRoot + "/Resources/Info.plist", encoding: .utf8)
            .replacingOccurrences(of: "Quire.NoteSceneDelegate", with: "Quire.NoSuchDelegate")
        try manifest.write(toFile: resources + "/Info.plist", atomically: true, encoding: .utf8)
        try session.launch(environment: ["QUIRE_RESOURCE_DIR": resources])
        #expect(session.process?.waitForExit(seconds: 10) == 1)
        #expect(session.messages.contains("UISceneDelegateClassName"), "\(session.messages)")
        #expect(session.messages.contains("Quire.NoSuchDelegate"), "\(session.messages)")
    }

    @Test("an unreadable scenes.sqlite is moved aside, never deleted, and the launch proceeds fresh; notes are untouched")
    func corruptSessionStore() throws {
        let session = try QuireSession()
        try session.launch()
        let window = try session.waitForWindow(matching: "^New Note — Quire$")
        try session.desktop.type("my note", into: window)
        #expect(eventually(within: 5) { (try? session.storedBody()) == "my note" })
        #expect(try session.stop() == 0)
        for suffix in ["-wal", "-shm"] { try? FileManager.default.removeItem(atPath: session.scenesPath + suffix) }
        let garbage = Data((0..<8_192).map { UInt8(truncatingIfNeeded: $0 &* 131) })
        try garbage.write(to: URL(fileURLWithPath: session.scenesPath))

        try session.launch()
        _ = try session.waitForWindow(matching: "Quire$")
        session.waitForTrace { $0.contains { $0.callback == "sceneDidBecomeActive(_:)" } }
        #expect(session.messages.contains("could not be read"), "\(session.messages)")
        #expect(session.lifecycle.contains { $0.callback == "application(_:configurationForConnecting:options:)" }, "fresh: A")
        let folder = (session.scenesPath as NSString).deletingLastPathComponent
        let aside = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix("scenes.sqlite.unreadable-") && !$0.contains("-wal") && !$0.contains("-shm") }
        #expect(aside.count == 1)
        if let name = aside.first {
            #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name)) == garbage)
        }
        #expect(try session.stop() == 0)
        #expect(try session.storedBody() == "my note", "the notes are untouched")
    }

    @Test("activities that are malformed, of an unknown type or wrongly typed restore the window in its default state", arguments: [
        (Data("not json at all".utf8), "malformed"),
        (Data(#"{"format":1,"activityType":"com.example.other","requiredUserInfoKeys":[],"userInfo":{}}"#.utf8), "unknown type"),
        (Data(#"{"format":1,"activityType":"io.github.quire.Quire.editing-note","requiredUserInfoKeys":[],"userInfo":{"noteID":{"integer":7},"cursor":{"string":"x"}}}"#.utf8), ""),
    ])
    func badActivities(activity: Data, reason: String) throws {
        let session = try QuireSession()
        let record = savedSession(activity: activity)
        try prepare(session, [record])
        try session.launch()
        _ = try session.waitForWindow(matching: "^New Note — Quire$")
        session.waitForTrace { $0.contains { $0.callback == "sceneDidBecomeActive(_:)" } }
        #expect(session.lifecycle.first { $0.callback == "scene(_:willConnectTo:options:)" }?.session == record.identifier,
                "the session itself is restored")
        if !reason.isEmpty {
            #expect(session.messages.contains("opens in its default state"), "\(session.messages)")
            #expect(session.messages.contains(reason), "\(session.messages)")
        }
        #expect(session.process?.isRunning == true)
        #expect(try session.stop() == 0)
    }

    @Test("a session whose configuration left the manifest is discarded, its discard delivered")
    func unknownConfiguration() throws {
        let session = try QuireSession()
        let gone = savedSession(configuration: "Retired Configuration")
        try prepare(session, [gone])
        try session.launch()
        session.waitForTrace { $0.contains { $0.callback == "sceneDidBecomeActive(_:)" } }
        let calls = session.lifecycle
        #expect(calls.first { $0.callback == "application(_:didDiscardSceneSessions:)" }?.sessions == [gone.identifier])
        #expect(calls.contains { $0.callback == "application(_:configurationForConnecting:options:)" }, "then a new window")
        #expect(session.messages.contains("Retired Configuration"))
        #expect(try session.stop() == 0)
        #expect(try !session.savedSessions().contains { $0.identifier == gone.identifier })
    }

    @Test("--fresh discards the saved sessions, delivering their discards, and opens one new window")
    func fresh() throws {
        let session = try QuireSession()
        let saved = [savedSession(stacking: 1), savedSession(stacking: 2)]
        try prepare(session, saved)
        try session.launch(["--fresh"])
        session.waitForTrace { $0.contains { $0.callback == "sceneDidBecomeActive(_:)" } }
        let calls = session.lifecycle
        #expect(Set(calls.first { $0.callback == "application(_:didDiscardSceneSessions:)" }?.sessions ?? []) == Set(saved.map(\.identifier)))
        #expect(calls.filter { $0.callback == "scene(_:willConnectTo:options:)" }.count == 1)
        #expect(calls.contains { $0.callback == "application(_:configurationForConnecting:options:)" })
        #expect(try session.stop() == 0)
    }

    @Test("with restoration turned off, a clean quit's sessions are discarded, but a crash's are restored")
    func restorationSetting() throws {
        let off = try QuireSession()
        let cleanlyQuit = savedSession()
        try prepare(off, [cleanlyQuit], launchValues: ["clean_exit": 1, "restoration_disabled": 1])
        try off.launch()
        off.waitForTrace { $0.contains { $0.callback == "sceneDidBecomeActive(_:)" } }
        #expect(off.lifecycle.first { $0.callback == "application(_:didDiscardSceneSessions:)" }?.sessions == [cleanlyQuit.identifier])
        #expect(try off.stop() == 0)

        let crashed = try QuireSession()
        let left = savedSession()
        try prepare(crashed, [left], launchValues: ["clean_exit": 0, "restoration_disabled": 1])
        try crashed.launch()
        crashed.waitForTrace { $0.contains { $0.callback == "sceneDidBecomeActive(_:)" } }
        #expect(crashed.lifecycle.first { $0.callback == "scene(_:willConnectTo:options:)" }?.session == left.identifier,
                "after a crash nothing is lost, even with restoration off")
        #expect(try crashed.stop() == 0)
    }

    @Test("after two launches died while restoring, the next starts fresh and keeps the activities aside")
    func crashLoopGuard() throws {
        let session = try QuireSession()
        let suspect = savedSession(activity: Data(#"{"format":1,"activityType":"io.github.quire.Quire.editing-note","requiredUserInfoKeys":[],"userInfo":{}}"#.utf8))
        try prepare(session, [suspect], launchValues: ["clean_exit": 0, "unfinished_restorations": 2])
        try session.launch()
        session.waitForTrace { $0.contains { $0.callback == "sceneDidBecomeActive(_:)" } }
        #expect(session.messages.contains("starting fresh"), "\(session.messages)")
        #expect(session.lifecycle.first { $0.callback == "application(_:didDiscardSceneSessions:)" }?.sessions == [suspect.identifier])
        #expect(!session.lifecycle.contains { $0.callback == "scene(_:willConnectTo:options:)" && $0.session == suspect.identifier })
        #expect(try session.stop() == 0)
        let store = try SessionStore(path: session.scenesPath)
        #expect(try store.setAsideActivityCount() == 1, "the activity is kept for inspection")
        #expect(try store.launchValue("unfinished_restorations") == 0)
    }

    @Test("two instances that cannot reach each other over D-Bus share the session store without losing sessions")
    func twoInstancesShareTheStore() throws {
        let session = try QuireSession()
        let otherBus = try PrivateDesktop()
        try session.launch()
        let window = try session.waitForWindow(matching: "^New Note — Quire$")
        try session.desktop.type("first instance", into: window)
        session.waitForTrace { $0.contains { $0.callback == "sceneDidBecomeActive(_:)" } }
        let firstSession = try #require(session.lifecycle.first { $0.callback == "scene(_:willConnectTo:options:)" }?.session)
        #expect(eventually(within: 5) { (try? session.savedSessions().count) == 1 })

        // A second quire on another session bus cannot hand over, so it runs on its own.
        let second = try ChildProcess(
            BuiltProducts.executable("quire"), ["--new-window"],
            environment: session.environment(["DBUS_SESSION_BUS_ADDRESS": otherBus.busAddress]),
            outputDirectory: session.desktop.directory.path)
        #expect(eventually(within: 15) { (try? session.savedSessions().count) == 2 })
        second.send(SIGTERM)
        #expect(second.waitForExit(seconds: 10) == 0)
        #expect(try session.stop() == 0)

        let saved = try session.savedSessions().map(\.identifier)
        #expect(saved.count == 2, "both instances' sessions are kept: \(saved)")
        #expect(saved.contains(firstSession))
        #expect(try session.storedNotes().contains { $0.body == "first instance" })
    }
}
