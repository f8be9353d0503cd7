/// What kind of scene a session holds. Only windows exist on the desktop;
/// the type leaves room for more, as UIKit's does.
public struct SceneSessionRole: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// A top-level application window (the manifest's `UIWindowSceneSessionRoleApplication`).
    public static let windowApplication = SceneSessionRole(rawValue: "UIWindowSceneSessionRoleApplication")
}
