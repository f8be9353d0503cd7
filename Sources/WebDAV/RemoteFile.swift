public import Foundation

/// A file in a WebDAV folder, as its listing describes it.
public struct RemoteFile: Sendable, Equatable {
    /// The file's name in the folder (decoded: "Groceries.md", not "Groceries%20list.md").
    public var name: String
    /// The server's entity tag for the file's current content, if it gave one.
    public var etag: String?
    /// The file's size in bytes, if the server gave it.
    public var size: Int?
    /// When the file was last changed, as the server wrote it (an HTTP date).
    public var lastModified: String?

    public init(name: String, etag: String?, size: Int? = nil, lastModified: String? = nil) {
        self.name = name
        self.etag = etag
        self.size = size
        self.lastModified = lastModified
    }

    /// When the file was last changed, if the server said so in a form read
    /// here (read when asked: a sync of 10,000 unchanged files never needs it).
    public var modified: Date? { lastModified.flatMap(MultistatusListing.httpDate) }
}
