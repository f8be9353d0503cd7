public import WebDAV

/// Why a sync stopped. What it did before stopping is kept on both sides,
/// and the next sync finishes the job.
public enum SyncError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Sync is not set up.
    case notSetUp
    /// No password is known for the account.
    case noPassword
    /// The sync would remove more than half of the notes on one side (and
    /// more than 10): it asks first. `local` notes would go to the trash,
    /// `remote` files would be removed from the server.
    case massDeletion(local: Int, remote: Int)
    /// The server failed.
    case server(WebDAVError)
    /// The notes database failed (its message).
    case storage(String)

    public var description: String {
        switch self {
        case .notSetUp: "sync is not set up"
        case .noPassword: "no password is known for the sync account"
        case let .massDeletion(local, remote):
            "this sync would move \(local) notes to the trash and remove \(remote) files from the server; it stopped to ask first"
        case let .server(error): error.description
        case let .storage(message): "the notes could not be read or written (\(message))"
        }
    }
}
