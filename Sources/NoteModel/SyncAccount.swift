public import FoundationEssentials

/// Where the notes sync to: a WebDAV folder and the user signing in to it
/// (the password is kept by the desktop's keyring, never here).
public struct SyncAccount: Sendable, Equatable {
    /// The folder's URL, ending in "/".
    public var folderURL: String
    /// The user name.
    public var userName: String
    /// A PEM file of certificates trusted for this server instead of the
    /// system's (a server with a certificate of its own), if any.
    public var trustedCertificates: String?
    /// When a sync last finished, and why the last one failed (nil if it did not).
    public var lastSync: Date?
    public var lastFailure: String?
    /// How the server keeps one device's write from replacing another's
    /// (the raw value of NoteSync's `WriteSafety`), once a probe found out.
    public var writeSafety: String?
    /// Whether the server's listings gave entity tags when the probe ran.
    public var listsETags: Bool?
    /// The suffix of the files of new notes (".md", or ".txt" where the
    /// Nextcloud Notes app is set so); nil for ".md".
    public var fileSuffix: String?

    public init(
        folderURL: String, userName: String, trustedCertificates: String? = nil, lastSync: Date? = nil, lastFailure: String? = nil,
        writeSafety: String? = nil, listsETags: Bool? = nil, fileSuffix: String? = nil
    ) {
        self.folderURL = folderURL
        self.userName = userName
        self.trustedCertificates = trustedCertificates
        self.lastSync = lastSync
        self.lastFailure = lastFailure
        self.writeSafety = writeSafety
        self.listsETags = listsETags
        self.fileSuffix = fileSuffix
    }
}
