import Foundation
import GtkKit
import Scenes

/// The host's scene delegate: records every call with the session, and what
/// the connection options carried.
@MainActor
final class HostSceneDelegate: WindowSceneDelegate, InstantiableSceneDelegate {
    /// Called when a scene becomes active; the scenario waits on it.
    static var onActive: (@MainActor (Scene) -> Void)?
    /// The activities the last connection carried.
    static var lastConnectionActivities: [UserActivity] = []
    /// Each connection's restoration reason, and whether its session's saved
    /// activity was readable in willConnectTo, as "reason/readable".
    static var connections: [String] = []

    /// The window the next scene takes, built ahead (the built-ahead scenario).
    static var windowAhead: Window?

    init() {}

    func windowBuiltAhead(for session: SceneSession) -> Window? {
        defer { HostSceneDelegate.windowAhead = nil }
        return HostSceneDelegate.windowAhead
    }

    func scene(_ scene: Scene, willConnectTo session: SceneSession, options: SceneConnectionOptions) {
        Recorder.record("willConnectTo", session)
        HostSceneDelegate.lastConnectionActivities = Array(options.userActivities)
        HostSceneDelegate.connections.append("\(options.restoration)/\(session.stateRestorationActivity != nil)")
        scene.title = "Host \(session.persistentIdentifier.prefix(8))"
        scene.userActivity = session.stateRestorationActivity ?? UserActivity(activityType: "host.state")
    }
    func sceneDidDisconnect(_ scene: Scene) { Recorder.record("didDisconnect", scene.session) }
    func sceneWillEnterForeground(_ scene: Scene) { Recorder.record("willEnterForeground", scene.session) }
    func sceneDidBecomeActive(_ scene: Scene) {
        Recorder.record("didBecomeActive", scene.session)
        HostSceneDelegate.onActive?(scene)
    }
    func sceneWillResignActive(_ scene: Scene) { Recorder.record("willResignActive", scene.session) }
    func sceneDidEnterBackground(_ scene: Scene) { Recorder.record("didEnterBackground", scene.session) }
    func stateRestorationActivity(for scene: Scene) -> UserActivity? {
        Recorder.record("stateRestorationActivity", scene.session)
        if HostSceneDelegate.mutatesOnSave {
            // Touching the activity while it is being saved marks it for saving again.
            let saves = scene.userActivity?.userInfo["saves"]?.integerValue ?? 0
            scene.userActivity?.addUserInfoEntries(from: ["saves": .integer(saves + 1)])
        }
        return scene.userActivity
    }

    /// Whether `stateRestorationActivity(for:)` changes the activity (SCENE_HOST_MUTATE_ON_SAVE=1).
    static let mutatesOnSave = ProcessInfo.processInfo.environment["SCENE_HOST_MUTATE_ON_SAVE"] == "1"
    func scene(_ scene: Scene, restoreInteractionStateWith stateRestorationActivity: UserActivity) {
        Recorder.record("restoreInteractionState", scene.session)
    }
    func scene(_ scene: Scene, continue userActivity: UserActivity) {
        Recorder.record("continue:\(userActivity.targetContentIdentifier ?? "-")", scene.session)
    }
}
