import Foundation
import Testing
import TestSupport

/// Conformance checked inside a real GtkApplication: the SceneHost program
/// runs a scripted scenario against recording delegates and prints what it saw.
@Suite("Scene host scenarios", .serialized)
struct SceneHostTests {
    /// Runs `scenario` on `desktop` with its state in `state`; returns its "result" lines by name.
    private func run(_ scenario: String, on desktop: PrivateDesktop, state: String) throws -> [String: String] {
        let outcome = try ChildProcess.run(
            BuiltProducts.executable("SceneHost"), [], environment: environment(scenario, desktop, state),
            outputDirectory: desktop.directory.path, seconds: 120)
        #expect(outcome.status == 0, "SceneHost \(scenario) failed: \(outcome.error.suffix(2_000))")
        return results(in: outcome.output)
    }

    private func environment(_ scenario: String, _ desktop: PrivateDesktop, _ state: String, extra: [String: String] = [:]) -> [String: String] {
        desktop.environment([
            "SCENE_HOST_SCENARIO": scenario, "XDG_STATE_HOME": state + "/state", "XDG_DATA_HOME": state + "/data",
        ].merging(extra) { _, new in new })
    }

    private func results(in output: String) -> [String: String] {
        var results: [String: String] = [:]
        for line in output.split(separator: "\n") where line.hasPrefix("result ") {
            let parts = line.dropFirst("result ".count).split(separator: " ", maxSplits: 1)
            results[String(parts[0])] = parts.count > 1 ? String(parts[1]) : ""
        }
        #expect(results["error"] == nil, "\(results["error"] ?? "")")
        return results
    }

    @Test("a delegate that changes the activity while it is saved does not start another save from inside the first")
    func saveIsNotReentered() throws {
        let desktop = try PrivateDesktop()
        let outcome = try ChildProcess.run(
            BuiltProducts.executable("SceneHost"), [],
            environment: environment("quit-after-waiting", desktop, desktop.directory.file("mutating"),
                                     extra: ["SCENE_HOST_MUTATE_ON_SAVE": "1", "SCENES_TRACE": "1"]),
            outputDirectory: desktop.directory.path, seconds: 120)
        #expect(outcome.status == 0, "SceneHost stopped: \(outcome.error.suffix(2_000))")
        // Quitting saves the activity once; the change the delegate makes during
        // that save is in it, not the cause of a second save from inside it.
        let saves = outcome.error.split(separator: "\n").filter { $0.contains(" stateRestorationActivity(for:) ") }
        #expect(saves.count == 1, "\(saves)")
    }

    @Test("connections say how they came about, and a restored session's activity is readable in willConnectTo")
    func restorationReasons() throws {
        let desktop = try PrivateDesktop()
        let state = desktop.directory.file("restoration")
        #expect(try run("restoration", on: desktop, state: state)["connections"] == "none/false", "a new scene")
        #expect(try run("restoration", on: desktop, state: state)["connections"] == "launch/true", "after a quit")
        let crashing = try ChildProcess(
            BuiltProducts.executable("SceneHost"), [],
            environment: environment("restoration", desktop, state, extra: ["SCENE_HOST_WAIT": "1"]),
            outputDirectory: desktop.directory.path)
        #expect(eventually(within: 20) { crashing.standardOutput.contains("ready") })
        crashing.send(SIGKILL)
        #expect(crashing.waitForExit(seconds: 10) == 128 + SIGKILL)
        #expect(try run("restoration", on: desktop, state: state)["connections"] == "recover/true", "after a crash")
    }

    @Test("restoration activities are saved while they keep changing, at most about once a second")
    func saveThrottle() throws {
        let desktop = try PrivateDesktop()
        let saves = try #require(Int(try run("throttle", on: desktop, state: desktop.directory.file("throttle"))["saves"] ?? ""))
        #expect((2...5).contains(saves), "25 changes in 2.5 s gave \(saves) saves")
    }

    @Test("opening and closing 200 scenes returns every live object count to where it started")
    func lifetime() throws {
        let desktop = try PrivateDesktop()
        let results = try run("lifetime", on: desktop, state: desktop.directory.file("lifetime"))
        #expect(results["cycles"] == "200")
        let before = try #require(results["before"])
        #expect(results["after"] == before, "scenes, delegates, windows, GObject wrappers, signal handlers")
        #expect(results["open-sessions"] == "1", "every closed session was discarded")
    }

    @Test("F then D: a disconnected session keeps living and reconnects as new objects with the activity")
    func reconnect() throws {
        let desktop = try PrivateDesktop()
        let results = try run("reconnect", on: desktop, state: desktop.directory.file("reconnect"))
        let first = try #require(results["first"]), second = try #require(results["second"])
        #expect(results["disconnect"] == "stateRestorationActivity \(second),didDisconnect \(second)")
        #expect(results["disconnected-kept"] == "true", "session.scene is nil and the session is still open")
        #expect(results["reconnect"]?.hasPrefix(
            "willConnectTo \(second),restoreInteractionState \(second),willEnterForeground \(second)") == true,
            "\(results["reconnect"] ?? "")")
        #expect(results["reconnect"]?.contains("configurationForConnecting") == false)
        #expect(results["reconnect-activity"] == #"["doc:7"]"#, "the activity arrives in the connection options")
        #expect(results["new-objects"] == "true", "a new scene and a new delegate")
        #expect(results["continue"] == "continue:doc:8 \(first)", "a connected scene gets the activity through continue")
    }

    @Test("a request for content an open session prefers activates it instead of a new one, also after a relaunch")
    func activationConditions() throws {
        let desktop = try PrivateDesktop()
        let state = desktop.directory.file("conditions")
        let first = try run("conditions", on: desktop, state: state)
        let preferring = try #require(first["preferring"])
        #expect(first["doc1"]?.hasPrefix("continue:doc:1 \(preferring)") == true, "\(first["doc1"] ?? "")")
        #expect(first["sessions"] == "2->2", "no duplicate session")
        let second = try run("conditions", on: desktop, state: state)
        #expect(second["restored-preference"] == preferring, "the conditions were saved with the session")
        #expect(second["restored-user-info"] == "host", "so was the session's userInfo")
        #expect(second["doc1"]?.hasPrefix("continue:doc:1 \(preferring)") == true, "\(second["doc1"] ?? "")")
        #expect(second["sessions"] == "2->2")
    }

    @Test("a manifest without multiple scenes refuses a second one with multipleScenesNotSupported")
    func singleScene() throws {
        let desktop = try PrivateDesktop()
        let results = try run("single-scene", on: desktop, state: desktop.directory.file("single"))
        #expect(results["refusal"] == "this app shows only one window")
        #expect(results["sessions"] == "1")
    }

    @Test("a window a scene delegate built ahead is its scene's, connected as any new one; one never handed over keeps nothing running")
    func windowBuiltAhead() throws {
        let desktop = try PrivateDesktop()
        let results = try run("built-ahead", on: desktop, state: desktop.directory.file("ahead"))
        #expect(results["took-it"] == "true")
        #expect(results["calls"] == "configurationForConnecting,willConnectTo,willEnterForeground,didBecomeActive",
                "the same calls, in the same order, as for a window built when asked for")
        #expect(results["next-its-own"] == "true")
    }

    @Test("requests about a discarded session are refused with requestDenied")
    func discardedRequests() throws {
        let desktop = try PrivateDesktop()
        let results = try run("discarded-requests", on: desktop, state: desktop.directory.file("discarded"))
        #expect(results["refusals"]
            == "the request was refused: that session was discarded | the request was refused: that session was already discarded")
    }

    @Test("configurationForConnecting returning another role's configuration stops with a message naming both roles")
    func wrongRole() throws {
        let desktop = try PrivateDesktop()
        let outcome = try ChildProcess.run(
            BuiltProducts.executable("SceneHost"), [],
            environment: environment("wrong-role", desktop, desktop.directory.file("wrong-role")),
            outputDirectory: desktop.directory.path, seconds: 60)
        #expect(outcome.status != 0, "a programming error stops the app")
        #expect(outcome.error.contains(#"configurationForConnecting returned "Display" of role ExternalDisplayRole"#),
                "\(outcome.error.prefix(1_000))")
        #expect(outcome.error.contains("UIWindowSceneSessionRoleApplication"))
    }

    @Test("the desktop's dark style is the app's choice: a window stays light under a portal preferring dark until the app opts in")
    func darkStyleIsOptIn() throws {
        let desktop = try PrivateDesktop()
        let portal = try SettingsPortalStandIn.startPreferringDark(environment: desktop.environment([:]), directory: desktop.directory.path)
        defer { portal.send(SIGTERM); _ = portal.waitForExit(seconds: 5) }
        for follows in [false, true] {
            let outcome = try ChildProcess.run(
                BuiltProducts.executable("SceneHost"), [],
                environment: environment("style", desktop, desktop.directory.file("style-\(follows)"),
                                         extra: ["SCENE_HOST_FOLLOW_STYLE": follows ? "1" : "0"]),
                outputDirectory: desktop.directory.path, seconds: 120)
            #expect(outcome.status == 0, "SceneHost stopped: \(outcome.error.suffix(2_000))")
            #expect(results(in: outcome.output)["dark"] == String(follows), "opted in: \(follows): \(outcome.output)")
        }
    }
}
