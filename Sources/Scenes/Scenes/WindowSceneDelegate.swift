public import GtkKit

/// A scene delegate whose scene is a window (UIKit's `UIWindowSceneDelegate`).
@MainActor
public protocol WindowSceneDelegate: SceneDelegate {
    /// The window the scene of `session` shows, if this delegate built it
    /// before anyone asked for the scene (made with
    /// ``Application/makeWindow()`` and filled while the app was idle, so
    /// that it maps at once when asked for); nil (the default) has the scene
    /// make a new, empty one. Asked once, as the scene is made, before
    /// ``SceneDelegate/scene(_:willConnectTo:options:)``. Beyond UIKit, where
    /// the scene delegate makes its window itself in `willConnectTo`.
    func windowBuiltAhead(for session: SceneSession) -> Window?
}

extension WindowSceneDelegate {
    public func windowBuiltAhead(for session: SceneSession) -> Window? { nil }
}
