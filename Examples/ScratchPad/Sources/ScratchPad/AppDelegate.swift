import Scenes

/// The process's delegate: it adds New Window (Ctrl+N). Scenes makes each
/// window's delegate from the manifest, and brings every window back at launch.
@MainActor
final class AppDelegate: ApplicationDelegate {
    func application(_ application: Application, didFinishLaunchingWithOptions options: [String: String]) -> Bool {
        application.addAction("new-window", accelerators: ["<Control>n"]) {
            application.requestSceneSessionActivation(nil, userActivity: nil)
        }
        return true
    }
}
