/// What a scene is told when it connects (UIKit's `UIScene.ConnectionOptions`).
@MainActor
public struct SceneConnectionOptions {
    /// Activities the scene was asked to show (a new-window request's, or a handed-over one).
    public var userActivities: Set<UserActivity> = []
    /// URLs the scene was asked to open.
    public var urlContexts: Set<OpenURLContext> = []
    /// The application that asked, when known.
    public var sourceApplication: String?
    /// Whether this connection restores a saved session, and after what kind of exit.
    public var restoration: SceneRestoration = .none
    /// Whether the window goes behind the front one (a relaunch's windows
    /// other than the front one: on X11 connected after it, on Wayland shown
    /// before it, back to front): the delegate may show a window that is only
    /// partly built and fill it in when the app is idle, or when it becomes
    /// active, whichever is first (on Wayland, once the front one has drawn).
    public var isBehindTheFront = false

    /// Options with the given parts.
    public init(
        userActivities: Set<UserActivity> = [], urlContexts: Set<OpenURLContext> = [],
        sourceApplication: String? = nil, restoration: SceneRestoration = .none, isBehindTheFront: Bool = false
    ) {
        self.userActivities = userActivities
        self.urlContexts = urlContexts
        self.sourceApplication = sourceApplication
        self.restoration = restoration
        self.isBehindTheFront = isBehindTheFront
    }
}
