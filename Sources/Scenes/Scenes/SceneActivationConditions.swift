/// Which requests a scene is willing, or prefers, to handle, by the
/// `targetContentIdentifier` of their activity. Patterns are exact strings or
/// `prefix*`; `*` alone matches everything. Saved with the session.
public struct SceneActivationConditions: Codable, Hashable, Sendable {
    /// Identifiers this scene can handle (default: any).
    public var canActivateForTargetContentIdentifiers: Set<String> = ["*"]
    /// Identifiers this scene prefers: a request for one activates this scene
    /// instead of creating a new one (default: none).
    public var prefersToActivateForTargetContentIdentifiers: Set<String> = []

    /// Conditions that accept anything and prefer nothing.
    public init() {}

    /// Whether the scene prefers requests for `identifier`.
    public func prefers(_ identifier: String) -> Bool {
        SceneActivationConditions.matches(identifier, prefersToActivateForTargetContentIdentifiers)
    }

    /// Whether the scene can handle requests for `identifier`.
    public func canActivate(for identifier: String) -> Bool {
        SceneActivationConditions.matches(identifier, canActivateForTargetContentIdentifiers)
    }

    private static func matches(_ identifier: String, _ patterns: Set<String>) -> Bool {
        patterns.contains { pattern in
            pattern.hasSuffix("*") ? identifier.hasPrefix(pattern.dropLast()) : identifier == pattern
        }
    }
}
