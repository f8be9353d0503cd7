/// Receives one scene's life events (UIKit's `UISceneDelegate`). The class is
/// named in the manifest as `Module.ClassName`, and one is made anew for every
/// connection: by the app, in `ApplicationDelegate.application(_:sceneDelegateFor:)`,
/// which can hand it the app's services; otherwise by the framework, for a
/// class that is an ``InstantiableSceneDelegate``. Every method has a default.
@MainActor
public protocol SceneDelegate: AnyObject {
    /// The scene is connecting; set up its content. `session.stateRestorationActivity` is readable.
    func scene(_ scene: Scene, willConnectTo session: SceneSession, options: SceneConnectionOptions)
    /// The scene was released (its window closed or the app quit); its session may live on.
    func sceneDidDisconnect(_ scene: Scene)
    /// The scene is about to be shown.
    func sceneWillEnterForeground(_ scene: Scene)
    /// The scene's window got the keyboard focus.
    func sceneDidBecomeActive(_ scene: Scene)
    /// The scene's window is about to lose the keyboard focus.
    func sceneWillResignActive(_ scene: Scene)
    /// The scene was minimised or hidden.
    func sceneDidEnterBackground(_ scene: Scene)
    /// The activity that brings the scene back as it is now; saved with the session.
    func stateRestorationActivity(for scene: Scene) -> UserActivity?
    /// After connecting and before activation: restore cursor, selection and scroll.
    func scene(_ scene: Scene, restoreInteractionStateWith stateRestorationActivity: UserActivity)
    /// An activity was handed to this already-connected scene.
    func scene(_ scene: Scene, continue userActivity: UserActivity)
    /// URLs were handed to this connected scene.
    func scene(_ scene: Scene, openURLContexts urlContexts: Set<OpenURLContext>)
    /// The person asked to close the scene's window (its close button, Ctrl+W):
    /// whether to close it now. Return false to keep it open, for example
    /// while its content could not be saved; to close it later, call
    /// `Application.requestSceneSessionDestruction(_:)`. Beyond UIKit, after
    /// AppKit's `windowShouldClose(_:)`; programmatic destruction does not ask.
    func sceneShouldClose(_ scene: Scene) -> Bool
}

extension SceneDelegate {
    public func scene(_ scene: Scene, willConnectTo session: SceneSession, options: SceneConnectionOptions) {}
    public func sceneDidDisconnect(_ scene: Scene) {}
    public func sceneWillEnterForeground(_ scene: Scene) {}
    public func sceneDidBecomeActive(_ scene: Scene) {}
    public func sceneWillResignActive(_ scene: Scene) {}
    public func sceneDidEnterBackground(_ scene: Scene) {}
    public func stateRestorationActivity(for scene: Scene) -> UserActivity? { scene.userActivity }
    public func scene(_ scene: Scene, restoreInteractionStateWith stateRestorationActivity: UserActivity) {}
    public func scene(_ scene: Scene, continue userActivity: UserActivity) {}
    public func scene(_ scene: Scene, openURLContexts urlContexts: Set<OpenURLContext>) {}
    public func sceneShouldClose(_ scene: Scene) -> Bool { true }
}
