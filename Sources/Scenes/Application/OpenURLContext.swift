public import FoundationEssentials

/// A URL handed to a scene to open (from the command line or another app).
public struct OpenURLContext: Hashable, Sendable {
    /// The URL to open.
    public let url: URL
    /// The application that asked, when known.
    public let sourceApplication: String?

    /// A context for `url`.
    public init(url: URL, sourceApplication: String? = nil) {
        self.url = url
        self.sourceApplication = sourceApplication
    }
}
