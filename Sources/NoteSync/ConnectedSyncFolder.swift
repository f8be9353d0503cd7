public import WebDAV

/// A WebDAV folder that connecting found for an account: where it is, how the
/// server keeps one device's write from replacing another's, and the suffix
/// of new notes' files when a Nextcloud Notes app chose one.
public struct ConnectedSyncFolder: Equatable, Sendable {
    /// The folder's URL, ending in "/".
    public let folderURL: String
    /// What the server honours of WebDAV's preconditions and locks.
    public let safety: WriteSafety
    /// ".md" or ".txt" for a Nextcloud Notes folder whose app says so; nil elsewhere.
    public let fileSuffix: String?

    /// A folder at `folderURL` on a server offering `safety`.
    public init(folderURL: String, safety: WriteSafety, fileSuffix: String?) {
        self.folderURL = folderURL
        self.safety = safety
        self.fileSuffix = fileSuffix
    }
}
