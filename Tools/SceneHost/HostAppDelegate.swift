import Foundation
import Scenes

/// The host's application delegate: records its calls and starts the scenario
/// once the first scene is active.
@MainActor
final class HostAppDelegate: ApplicationDelegate {
    func application(_ application: Application, didFinishLaunchingWithOptions options: [String: String]) -> Bool {
        Recorder.record("didFinishLaunching")
        return true
    }

    func application(
        _ application: Application, configurationForConnecting session: SceneSession, options: SceneConnectionOptions
    ) -> SceneConfiguration {
        Recorder.record("configurationForConnecting", session)
        if ProcessInfo.processInfo.environment["SCENE_HOST_SCENARIO"] == "wrong-role" {
            return SceneConfiguration(name: "Display", sessionRole: SceneSessionRole(rawValue: "ExternalDisplayRole"))
        }
        return session.configuration
    }

    func application(_ application: Application, didDiscardSceneSessions sessions: Set<SceneSession>) {
        for session in sessions { Recorder.record("didDiscard", session) }
    }

    func applicationWillTerminate(_ application: Application) { Recorder.record("willTerminate") }
}
