/// Which kind of scene a session gets: a named entry of the manifest, with
/// the delegate class to create for it and the scene class to show it in.
@MainActor
public final class SceneConfiguration {
    /// The manifest's `UISceneConfigurationName`.
    public let name: String
    /// The role the configuration serves.
    public let role: SceneSessionRole
    /// The class created as each connection's scene delegate.
    public let delegateClass: any SceneDelegate.Type
    /// The class of the scene (`WindowScene` unless the manifest names a subclass).
    public let sceneClass: WindowScene.Type

    init(name: String, role: SceneSessionRole, delegateClass: any SceneDelegate.Type, sceneClass: WindowScene.Type) {
        self.name = name
        self.role = role
        self.delegateClass = delegateClass
        self.sceneClass = sceneClass
    }

    /// The manifest's configuration called `name` for `sessionRole`, or the
    /// role's first if `name` is nil. A name the manifest does not declare is a
    /// programming error, stopped with a message naming it.
    public convenience init(name: String?, sessionRole: SceneSessionRole) {
        guard let found = Application.shared?.manifest.configuration(named: name, role: sessionRole) else {
            preconditionFailure(
                "no scene configuration \"\(name ?? "(default)")\" for \(sessionRole.rawValue) in the manifest")
        }
        self.init(name: found.name, role: found.role, delegateClass: found.delegateClass, sceneClass: found.sceneClass)
    }
}
