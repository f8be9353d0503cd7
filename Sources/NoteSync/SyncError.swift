import Storage
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
    /// This computer's disk is full: the notes could not all be written.
    case diskFull
    /// Another program holds the notes file's write lock.
    case notesBusy
    /// The notes database failed otherwise (its message).
    case storage(String)

    /// The error for a failure of the notes database: a full disk and another
    /// program's lock, which a person can act on or wait out, are their own.
    public static func storage(failure error: any Error) -> SyncError {
        switch (error as? StorageError)?.kind {
        case .diskFull: .diskFull
        case .busy: .notesBusy
        default: .storage("\(error)")
        }
    }

    public var description: String {
        switch self {
        case .notSetUp: "sync is not set up"
        case .noPassword: "no password is known for the sync account"
        case let .massDeletion(local, remote):
            "this sync would move \(local) notes to the trash and remove \(remote) files from the server; it stopped to ask first"
        case let .server(error): error.description
        case .diskFull: "the disk is full: the notes could not all be written"
        case .notesBusy: "another program is using the notes file"
        case let .storage(message): "the notes could not be read or written (\(message))"
        }
    }
}
