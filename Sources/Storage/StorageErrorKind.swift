/// The sorts of trouble a `StorageError` can be, each calling for its own advice.
public enum StorageErrorKind: Sendable, Equatable {
    /// The file or its folder may not be read or written by this user.
    case permissionDenied
    /// The disk (or the user's quota) is full.
    case diskFull
    /// Another connection holds the lock; trying again later will do.
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
