public import Storage

/// Why the saved windows could not be used this time, for the app to tell the
/// person in a window (the framework writes it to the log as well).
public struct SessionStoreProblem: Sendable, Equatable {
    /// The session store's path.
    public let path: String
    /// What sort of trouble it is.
    public let kind: StorageErrorKind
    /// The error as the storage layer described it.
    public let detail: String
    /// Where a damaged store was moved (a fresh one replaced it), if it was.
    public let movedAsideTo: String?
}
