import Testing
@testable import Scenes

/// A scene's title, which an app may set on every keystroke.
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
}
