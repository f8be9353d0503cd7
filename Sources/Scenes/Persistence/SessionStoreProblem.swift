import Storage

/// Why the saved windows could not be used this time, for the app to tell the
/// person in a window (the framework writes it to the log as well).
public struct SessionStoreProblem: Sendable, Equatable {
    /// The sorts of trouble, each calling for its own advice.
    public enum Kind: Sendable, Equatable {
        /// The file or its folder may not be read or written by this user.
        case permissionDenied
        /// The disk (or the user's quota) is full.
        case diskFull
        /// Another program holds the file's lock.
        case busy
        /// The file is not a readable database: damaged, or not a database at all.
        case damaged
        /// A newer version of the app wrote the file.
        case newerVersion
        /// The file belongs to another program.
        case foreign
        /// Something that is not a folder (or not a file) is where one should be.
        case inTheWay
        /// Anything else (an input/output error, say).
        case other
    }

    /// The session store's path.
    public let path: String
    /// What sort of trouble it is.
    public let kind: Kind
    /// The error as the storage layer described it.
    public let detail: String
    /// Where a damaged store was moved (a fresh one replaced it), if it was.
    public let movedAsideTo: String?

    init(path: String, kind: Kind, detail: String, movedAsideTo: String?) {
        self.path = path
        self.kind = kind
        self.detail = detail
        self.movedAsideTo = movedAsideTo
    }

    /// The problem a storage error is.
    init(path: String, error: StorageError) {
        let kind: Kind = switch error.kind {
        case .permissionDenied: .permissionDenied
        case .diskFull: .diskFull
        case .busy: .busy
        case .damaged: .damaged
        case .newerVersion: .newerVersion
        case .foreign: .foreign
        case .inTheWay: .inTheWay
        case .other: .other
        }
        self.init(path: path, kind: kind, detail: "\(error)", movedAsideTo: nil)
    }
}
