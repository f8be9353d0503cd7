public import FoundationEssentials

/// Receives the process's life events (UIKit's `UIApplicationDelegate`).
/// Once a scene manifest exists, foreground and background belong to scenes.
/// Every method has a default.
@MainActor
public protocol ApplicationDelegate: AnyObject {
    /// Process set-up only: creates no window.
    func application(_ application: Application, didFinishLaunchingWithOptions options: [String: String]) -> Bool
    /// Which configuration a *new* session gets (never asked for restored ones).
    /// `session.configuration` already holds the role's default.
    func application(
        _ application: Application, configurationForConnecting session: SceneSession,
        options: SceneConnectionOptions
    ) -> SceneConfiguration
    /// The scene delegate for a connection of `session` (new or restored),
    /// made by the app so it can hand the delegate what it needs: its data,
    /// its menus. It must be of the class the session's configuration names.
    /// Nil (the default) has the framework make that class, which must then be
    /// an ``InstantiableSceneDelegate``. Beyond UIKit, which only ever calls `init()`.
    func application(_ application: Application, sceneDelegateFor session: SceneSession) -> (any SceneDelegate)?
    /// Sessions the user closed, or the app destroyed; also those whose discard
    /// could not be delivered before the process died, at the next launch.
    func application(_ application: Application, didDiscardSceneSessions sessions: Set<SceneSession>)
    /// The person asked to quit (Ctrl+Q, the Quit menu item): whether to. Not
    /// asked when the session ends (SIGTERM, SIGHUP, logout), which cannot wait.
    /// Beyond UIKit, after AppKit's `applicationShouldTerminate(_:)`.
    func applicationShouldTerminate(_ application: Application) -> ApplicationTerminateReply
    /// The process is quitting normally.
    func applicationWillTerminate(_ application: Application)
    /// Why a URL given on the command line cannot be opened (shown to the
    /// person who ran the command), or nil to open it. Beyond UIKit.
    func application(_ application: Application, reasonNotToOpen url: URL) -> String?
}

extension ApplicationDelegate {
    public func application(_ application: Application, didFinishLaunchingWithOptions options: [String: String]) -> Bool {
        true
    }
    public func application(
        _ application: Application, configurationForConnecting session: SceneSession,
        options: SceneConnectionOptions
    ) -> SceneConfiguration {
        session.configuration
    }
    public func application(_ application: Application, sceneDelegateFor session: SceneSession) -> (any SceneDelegate)? {
        nil
    }
    public func application(_ application: Application, didDiscardSceneSessions sessions: Set<SceneSession>) {}
    public func applicationShouldTerminate(_ application: Application) -> ApplicationTerminateReply { .terminateNow }
    public func applicationWillTerminate(_ application: Application) {}
    public func application(_ application: Application, reasonNotToOpen url: URL) -> String? { nil }
}
