/// An exclusive write lock a client holds on a file (WebDAV's `LOCK`), until
/// it unlocks it or the lock times out.
public struct FileLock: Sendable, Equatable {
    /// The file's name in the folder.
    public var name: String
    /// The lock's token, as the server gave it ("<urn:…>").
    public var token: String
    /// Whether the lock made the file: there was none of that name (the
    /// server holds an empty one now, until it is written or removed).
    public var madeTheFile: Bool

    public init(name: String, token: String, madeTheFile: Bool) {
        self.name = name
        self.token = token
        self.madeTheFile = madeTheFile
    }
}
