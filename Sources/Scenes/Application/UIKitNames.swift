/// UIKit's nested names, so code reads as an iOS developer expects:
/// `Scene.ActivationState`, `Scene.ConnectionOptions`, `SceneSession.Role`.
extension Scene {
    /// UIKit's `UIScene.ActivationState`.
    public typealias ActivationState = SceneActivationState
    /// UIKit's `UIScene.ConnectionOptions`.
    public typealias ConnectionOptions = SceneConnectionOptions
}

extension SceneSession {
    /// UIKit's `UISceneSession.Role`.
    public typealias Role = SceneSessionRole
}
