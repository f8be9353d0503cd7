import Foundation
import NoteModel
@testable import Scenes
import Testing
import TestSupport

/// Saved state and manifests that cannot be trusted: the app says what
/// happened, keeps running, and loses nothing it could not read.
@Suite("Scene lifecycle: untrusted input and launch options", .serialized)
struct SceneInputTests {
    /// Launches Quire with its manifest edited: `text` replaced by `replacement`.
    private func launchWithManifest(replacing text: String, with replacement: String) throws -> QuireSession {
        let session = try QuireSession()
        let resources = session.desktop.directory.file("resources")
        try FileManager.default.createDirectory(atPath: resources, withIntermediateDirectories: true)
        let manifest = try String(contentsOfFile: BuiltProducts.sourceRoot + "/Resources/Info.plist", encoding: .utf8)
            .replacingOccurrences(of: text, with: replacement)
        try manifest.write(toFile: resources + "/Info.plist", atomically: true, encoding: .utf8)
        try session.launch(environment: ["QUIRE_RESOURCE_DIR": resources])
        return session
    }

    @Test("a manifest naming a class that does not exist stops the launch, naming the key and the value")
    func unknownDelegateClass() throws {
        let session = try launchWithManifest(replacing: "Quire.NoteSceneDelegate", with: "Quire.NoSuchDelegate")
        #expect(session.process?.waitForExit(seconds: 10) == 1)
        #expect(session.messages.contains("UISceneDelegateClassName"), "\(session.messages)")
        #expect(session.messages.contains("Quire.NoSuchDelegate"), "\(session.messages)")
    }

    @Test("a manifest without a configuration Quire asks for stops the launch, naming it, rather than crash at the first window",
          arguments: ["Default Configuration", "Note Editor"])
    func missingConfiguration(name: String) throws {
        let session = try launchWithManifest(replacing: "<string>\(name)</string>", with: "<string>Renamed</string>")
        #expect(session.process?.waitForExit(seconds: 10) == 1)
        #expect(session.messages.contains("cannot start"), "\(session.messages)")
        #expect(session.messages.contains("no configuration \"\(name)\""), "\(session.messages)")
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
        let record = QuireSession.savedWindow(activity: activity)
        try session.saveWindows([record])
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

    @Test("a window behind the front one reads its saved state once the front one has drawn; a damaged one still opens in its default state")
    func behindTheFrontReadsItsStateLater() throws {
        let session = try QuireSession()
        let behind = QuireSession.savedWindow(activity: Data("not json at all".utf8), stacking: 1)
        let front = QuireSession.savedWindow(stacking: 2)
        try session.saveWindows([behind, front])
        try session.launch()
        session.waitForTrace { $0.filter { $0.callback == "first-frame" }.count == 2 }
        let lines = session.messages.split(separator: "\n")
        let frontFrame = try #require(lines.firstIndex { $0.contains(" first-frame ") && $0.contains(front.identifier) })
        let problem = try #require(lines.firstIndex { $0.contains("opens in its default state") && $0.contains(behind.identifier) },
                                   "\(session.messages)")
        #expect(problem > frontFrame, "\(session.messages)")
        #expect(try session.stop() == 0)
    }

    @Test("a session whose configuration left the manifest is discarded, its discard delivered")
    func unknownConfiguration() throws {
        let session = try QuireSession()
        let gone = QuireSession.savedWindow(configuration: "Retired Configuration")
        try session.saveWindows([gone])
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
        let saved = [QuireSession.savedWindow(stacking: 1), QuireSession.savedWindow(stacking: 2)]
        try session.saveWindows(saved)
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
        let cleanlyQuit = QuireSession.savedWindow()
        try off.saveWindows([cleanlyQuit], launchValues: ["restoration_disabled": 1])
        try off.launch()
        off.waitForTrace { $0.contains { $0.callback == "sceneDidBecomeActive(_:)" } }
        #expect(off.lifecycle.first { $0.callback == "application(_:didDiscardSceneSessions:)" }?.sessions == [cleanlyQuit.identifier])
        #expect(try off.stop() == 0)

        let crashed = try QuireSession()
        let left = QuireSession.savedWindow()
        try crashed.saveWindows([left], endedCleanly: false, launchValues: ["restoration_disabled": 1])
        try crashed.launch()
        crashed.waitForTrace { $0.contains { $0.callback == "sceneDidBecomeActive(_:)" } }
        #expect(crashed.lifecycle.first { $0.callback == "scene(_:willConnectTo:options:)" }?.session == left.identifier,
                "after a crash nothing is lost, even with restoration off")
        #expect(try crashed.stop() == 0)
    }

    @Test("a window whose reopening stopped two launches in a row is set aside alone, said so, and can be reopened")
    func crashLoopGuard() throws {
        let session = try QuireSession()
        let notes = try NoteStore(path: session.notesPath)
        let kept = try notes.createNote(body: "Kept window")
        let suspect = try notes.createNote(body: "Suspect window")
        notes.close()
        let keptRecord = QuireSession.savedWindow(configuration: "Note Editor", activity: QuireSession.activity(showing: kept), stacking: 1)
        let suspectRecord = QuireSession.savedWindow(configuration: "Note Editor", activity: QuireSession.activity(showing: suspect), stacking: 2)
        try session.saveWindows([keptRecord, suspectRecord])

        // Two launches die while reopening the suspect window (a stand-in for a crash in its restoration).
        for attempt in 1...2 {
            let dying = try session.launch(environment: ["SCENES_DEBUG_KILL_CONNECTING": suspectRecord.identifier])
            #expect(dying.waitForExit(seconds: 15) == 128 + SIGKILL, "launch \(attempt) dies: \(session.messages)")
        }
        try session.launch()
        _ = try session.waitForWindow(matching: "^Kept window — Quire$")
        session.waitForTrace { $0.contains { $0.callback == "sceneDidBecomeActive(_:)" } }
        let calls = session.lifecycle
        #expect(calls.first { $0.callback == "application(_:didDiscardSceneSessions:)" }?.sessions == [suspectRecord.identifier])
        #expect(calls.contains { $0.callback == "scene(_:willConnectTo:options:)" && $0.session == keptRecord.identifier },
                "the other window comes back")
        #expect(!calls.contains { $0.callback == "scene(_:willConnectTo:options:)" && $0.session == suspectRecord.identifier })
        #expect(session.messages.contains("was not reopened"), "\(session.messages)")
        #expect(try SessionStore(path: session.scenesPath).setAsideActivityCount() == 1, "its state is kept")

        // The window says so and offers Reopen; Reopen brings the note's window back.
        #expect(eventually(within: 5) { session.desktop.windowTitles(matching: "Suspect window").isEmpty })
        session.keepScreenshot(named: "set-aside-window")
        let window = try session.waitForWindow(matching: "^Kept window — Quire$")
        try session.desktop.xdotool("windowfocus", "--sync", window)
        try session.desktop.xdotool("key", "alt+r")
        _ = try session.waitForWindow(matching: "^Suspect window — Quire$")
        #expect(try SessionStore(path: session.scenesPath).setAsideActivityCount() == 0, "reopened, no longer aside")
        #expect(try session.stop() == 0)
        try session.launch()
        _ = try session.waitForWindow(matching: "^Suspect window — Quire$")
        #expect(try session.stop() == 0)
    }

    @Test("a restored main window whose note went to the trash meanwhile shows the newest note; the note's own window stays on it")
    func restoredOnTrashedNote() throws {
        let session = try QuireSession()
        let notes = try NoteStore(path: session.notesPath)
        let binned = try notes.createNote(body: "Binned")
        let newest = try notes.createNote(body: "Newest")
        try notes.moveToTrash(binned.id)
        notes.close()
        let activity = Data(#"{"format":1,"activityType":"io.github.quire.Quire.editing-note","requiredUserInfoKeys":[],"userInfo":{"noteID":{"uuid":"\#(binned.id.uuidString)"}}}"#.utf8)
        let main = QuireSession.savedWindow(activity: activity, stacking: 1)
        let own = QuireSession.savedWindow(configuration: "Note Editor", activity: activity, stacking: 2)
        try session.saveWindows([main, own])
        try session.launch()
        let window = try session.waitForWindow(matching: "^Newest — Quire$")
        _ = try session.waitForWindow(matching: "^Binned — Quire$")
        #expect(session.windowIDs().count == 2, "the note's own window stays, on the note in the trash")
        #expect(!session.lifecycle.contains { $0.callback == "application(_:didDiscardSceneSessions:)" })
        _ = try session.focus(window)
        try session.desktop.xdotool("key", "ctrl+End")
        try session.desktop.type(" and more", into: window)
        #expect(eventually(within: 5) { (try? NoteStore(path: session.notesPath).note(id: newest.id)?.body) == "Newest and more" },
                "typing goes into a note, never nowhere")
        #expect(try NoteStore(path: session.notesPath).note(id: binned.id)?.body == "Binned", "nothing is written into the trash")
        #expect(try session.stop() == 0)
    }

    @Test("two quick clean quits while windows are still being restored lose no window")
    func quickQuits() throws {
        let session = try QuireSession()
        try session.launch()
        let first = try session.waitForWindow(matching: "^New Note — Quire$")
        try session.writeNotes(["one"], into: first)
        for _ in 0..<5 {
            #expect(try session.runSecond(["--new-window"]).status == 0)
        }
        #expect(eventually(within: 15) { session.windowIDs().count == 6 })
        #expect(eventually(within: 5) { (try? session.savedSessions().count) == 6 })
        #expect(try session.stop() == 0)
        for round in 1...2 {
            let child = try session.launch()
            // Quit before the restored windows have painted.
            #expect(eventually(within: 10) { session.trace.contains { $0.callback == "scene(_:willConnectTo:options:)" } })
            child.send(round == 1 ? SIGTERM : SIGINT)
            #expect(child.waitForExit(seconds: 10) == 0)
        }
        try session.launch()
        session.waitForTrace { $0.filter { $0.callback == "sceneDidBecomeActive(_:)" }.count >= 1 }
        #expect(eventually(within: 15) { session.windowIDs().count == 6 }, "all six windows come back: \(session.lifecycle)")
        #expect(!session.lifecycle.contains { $0.callback == "application(_:didDiscardSceneSessions:)" })
        #expect(!session.messages.contains("not reopened"), "\(session.messages)")
        #expect(try session.stop() == 0)
    }

    @Test("a saved stacking of Int64.max, a negative one and a huge activity do not stop the launch")
    func hostileNumbers() throws {
        let session = try QuireSession()
        let huge = Data(#"{"format":1,"activityType":"io.github.quire.Quire.editing-note","requiredUserInfoKeys":[],"userInfo":{"pad":{"string":""#.utf8)
            + Data(repeating: 0x61, count: 2_000_000) + Data(#""}}}"#.utf8)
        let records = [QuireSession.savedWindow(stacking: Int64.max), QuireSession.savedWindow(stacking: Int64.min), QuireSession.savedWindow(activity: huge, stacking: 0)]
        try session.saveWindows(records)
        for round in 1...2 {
            try session.launch()
            #expect(eventually(within: 15) { session.windowIDs().count == 3 }, "\(session.messages)")
            session.waitForTrace { $0.contains { $0.callback == "sceneDidBecomeActive(_:)" } }
            Thread.sleep(forTimeInterval: 2.5)  // past the point where the overflow used to trap
            #expect(session.process?.isRunning == true, "\(session.messages)")
            if round == 1 { #expect(session.messages.contains("too large to trust"), "\(session.messages)") }
            #expect(try session.stop() == 0)
        }
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
