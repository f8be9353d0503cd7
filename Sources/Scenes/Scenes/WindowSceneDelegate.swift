/// A scene delegate whose scene is a window (UIKit's `UIWindowSceneDelegate`).
@MainActor
public protocol WindowSceneDelegate: SceneDelegate {}
