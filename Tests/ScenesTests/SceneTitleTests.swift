import Testing
@testable import Scenes

/// A scene's title, which an app may set on every keystroke, and a waiting session's.
@Suite("Scene titles")
@MainActor
struct SceneTitleTests {
    private final class QuietDelegate: SceneDelegate {}

    @Test("setting the title or subtitle a scene already has changes nothing and tells no one")
    func unchangedTitle() {
        let configuration = SceneConfiguration(
            name: "Default Configuration", role: .windowApplication, delegateClass: QuietDelegate.self, sceneClass: WindowScene.self)
        let session = SceneSession(persistentIdentifier: "title-test", role: .windowApplication, configuration: configuration)
        let scene = Scene(session: session, delegate: QuietDelegate())
        var told: [String] = []
        scene.titleObserver = { told.append("\(scene.title)|\(scene.subtitle)") }
        scene.title = "Groceries"
        scene.title = "Groceries"
        scene.subtitle = "Note"
        scene.subtitle = "Note"
        scene.title = "Groceries and more"
        #expect(told == ["Groceries|", "Groceries|Note", "Groceries and more|Note"])
    }

    @Test("a session waiting to be restored is listed by the title saved with its activity, without decoding it; then by its activity's own")
    func waitingSessionTitle() {
        let configuration = SceneConfiguration(
            name: "Default Configuration", role: .windowApplication, delegateClass: QuietDelegate.self, sceneClass: WindowScene.self)
        let session = SceneSession(persistentIdentifier: "waiting", role: .windowApplication, configuration: configuration)
        var decodings = 0
        session.savedActivityTitle = "Groceries"
        session.savedActivityDecoding = {
            decodings += 1
            let activity = UserActivity(activityType: "note")
            activity.title = "Groceries"
            return activity
        }
        #expect(session.activityTitle == "Groceries")
        #expect(decodings == 0, "listing it decodes nothing")
        #expect(session.stateRestorationActivity?.title == "Groceries")
        #expect(decodings == 1)
        let later = UserActivity(activityType: "note")
        later.title = "Groceries and more"
        session.stateRestorationActivity = later
        #expect(session.activityTitle == "Groceries and more", "the title saved at launch is not read again")
    }
}
