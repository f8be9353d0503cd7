/// Extra details of a request to activate a scene session.
@MainActor
public struct SceneActivationRequestOptions {
    /// The scene the request came from, if any.
    public weak var requestingScene: Scene?
    /// Options naming the requesting scene.
    public init(requestingScene: Scene? = nil) { self.requestingScene = requestingScene }
}

/// Extra details of a request to destroy a scene session.
public struct SceneDestructionRequestOptions: Sendable {
    /// Default options.
    public init() {}
}
