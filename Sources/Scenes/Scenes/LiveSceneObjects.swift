import GtkKit

/// Weak references to every scene, scene delegate and window the framework
/// created, so tests can see that disconnected ones are really released.
/// For this package's test tools only (SceneHost), not for apps.
@MainActor
package enum LiveSceneObjects {
    private final class Weak {
        weak var object: AnyObject?
        init(_ object: AnyObject) { self.object = object }
    }

    private static var scenes = WeakList<Weak> { $0.object == nil }
    private static var delegates = WeakList<Weak> { $0.object == nil }
    private static var windows = WeakList<Weak> { $0.object == nil }

    static func track(_ scene: WindowScene) {
        scenes.append(Weak(scene))
        delegates.append(Weak(scene.delegate))
        windows.append(Weak(scene.window))
    }

    /// How many scenes are still alive.
    package static var sceneCount: Int { scenes.entries.count { $0.object != nil } }
    /// How many scene delegates are still alive.
    package static var delegateCount: Int { delegates.entries.count { $0.object != nil } }
    /// How many scene windows (their Swift wrappers) are still alive.
    package static var windowCount: Int { windows.entries.count { $0.object != nil } }
}
