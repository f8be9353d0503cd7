public import Foundation

/// A file in a WebDAV folder, as its listing describes it.
public struct RemoteFile: Sendable, Equatable {
    /// The file's name in the folder (decoded: "Groceries.md", not "Groceries%20list.md").
    public var name: String
    /// The server's entity tag for the file's current content, if it gave one.
    public var etag: String?
    /// The file's size in bytes, if the server gave it.
    public var size: Int?
    /// When the file was last changed, if the server gave it.
    public var modified: Date?

    public init(name: String, etag: String?, size: Int? = nil, modified: Date? = nil) {
        self.name = name
        self.etag = etag
        self.size = size
        self.modified = modified
    }
}
