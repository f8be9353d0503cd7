/// Weak references to every scene, scene delegate and window the framework
/// created, so tests can see that disconnected ones are really released.
/// For this package's test tools only (SceneHost), not for apps. The released
/// ones are dropped once the lists have doubled since they last were:
/// tracking a window costs the same with 1 open as with 100 (dropping them at
/// every window read every reference, per window restored).
@MainActor
package enum LiveSceneObjects {
    private final class Weak {
        weak var object: AnyObject?
        init(_ object: AnyObject) { self.object = object }
    }

    private static var scenes: [Weak] = []
    private static var delegates: [Weak] = []
    private static var windows: [Weak] = []
    /// How many scenes were tracked after the released ones were last dropped.
    private static var countAfterPruning = 0

    static func track(_ scene: WindowScene) {
        if scenes.count >= 2 * max(countAfterPruning, 8) {
            scenes.removeAll { $0.object == nil }
            delegates.removeAll { $0.object == nil }
            windows.removeAll { $0.object == nil }
            countAfterPruning = scenes.count
        }
        scenes.append(Weak(scene))
        delegates.append(Weak(scene.delegate))
        windows.append(Weak(scene.window))
    }

    /// How many scenes are still alive.
    package static var sceneCount: Int { scenes.count { $0.object != nil } }
    /// How many scene delegates are still alive.
    package static var delegateCount: Int { delegates.count { $0.object != nil } }
    /// How many scene windows (their Swift wrappers) are still alive.
    package static var windowCount: Int { windows.count { $0.object != nil } }
}
