import GtkKit
import Scenes

/// One scratch pad per window, titled by its first line. What it holds is the
/// window's restoration activity: quit, launch again, and every pad is back
/// with its text.
@MainActor
final class SceneDelegate: WindowSceneDelegate, InstantiableSceneDelegate {
    private let textView = TextView()

    init() {}

    func scene(_ scene: Scene, willConnectTo session: SceneSession, options: SceneConnectionOptions) {
        guard let scene = scene as? WindowScene else { return }
        scene.title = "Scratch Pad"
        textView.buffer.onChanged { [weak self, weak scene] in
            let firstLine = self?.textView.buffer.text.split(separator: "\n").first.map(String.init) ?? ""
            scene?.title = firstLine.isEmpty ? "Scratch Pad" : firstLine
        }
        let scroller = ScrolledWindow()
        scroller.setChild(textView)
        scene.window.setDefaultSize(width: 480, height: 320)
        scene.window.setChild(scroller)
    }

    func scene(_ scene: Scene, restoreInteractionStateWith stateRestorationActivity: UserActivity) {
        textView.buffer.text = stateRestorationActivity.userInfo["text"]?.stringValue ?? ""
    }

    func stateRestorationActivity(for scene: Scene) -> UserActivity? {
        let activity = UserActivity(activityType: "io.github.quire.ScratchPad.pad")
        activity.addUserInfoEntries(from: ["text": .string(textView.buffer.text)])
        return activity
    }
}
