/// Where a scene is in its life (UIKit's `UIScene.ActivationState`).
public enum SceneActivationState: Sendable, Hashable {
    /// Not connected: no window.
    case unattached
    /// Shown and focused.
    case foregroundActive
    /// Shown, without the keyboard focus.
    case foregroundInactive
    /// Minimised or hidden.
    case background
}
