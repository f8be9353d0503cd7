public import FoundationEssentials

/// A file in a WebDAV folder, as its listing describes it.
public struct RemoteFile: Sendable, Equatable {
    /// The file's name in the folder, decoded ("Groceries list.md", not
    /// "Groceries%20list.md"), its bytes kept exactly (`RemoteName`).
    public var name: String
    /// The server's entity tag for the file's current content, if it gave one.
    public var etag: String?
    /// The file's size in bytes, if the server gave it.
    public var size: Int?
    /// When the file was last changed, as the server wrote it (an HTTP date).
    public var lastModified: String?
    /// What tells this version of the file from others: its entity tag, or,
    /// from a server whose listings give none (nginx), its size and date.
    /// Nil when neither can be trusted: no tag, and a date so recent (within
    /// two seconds of the listing, as the server's clock goes) that another
    /// write of the same size in the same second would look the same.
    public var version: String?
    /// The name the file had before another Quire renamed it, if the server
    /// keeps the property Quire set on it then.
    public var renamedFrom: String?
    /// Whether the file is starred on the server (Nextcloud's favourites), if it said.
    public var favorite: Bool?
    /// The server's identifier of the file, the same after a move (Nextcloud's), if it gives one.
    public var fileID: String?

    public init(
        name: String, etag: String?, size: Int? = nil, lastModified: String? = nil, version: String? = nil,
        renamedFrom: String? = nil, favorite: Bool? = nil, fileID: String? = nil
    ) {
        self.name = name
        self.etag = etag
        self.size = size
        self.lastModified = lastModified
        self.version = version ?? etag
        self.renamedFrom = renamedFrom
        self.favorite = favorite
        self.fileID = fileID
    }

    /// When the file was last changed, if the server said so in a form read
    /// here (read when asked: a sync of 10,000 unchanged files never needs it).
    public var modified: Date? { lastModified.flatMap(MultistatusListing.httpDate) }

    /// The version a listing answered at `listedAt` (the answer's date) gives a
    /// file of `etag`, `size` and `lastModified` (see `version`).
    static func version(etag: String?, size: Int?, lastModified: String?, listedAt: String?) -> String? {
        if let etag { return etag }
        guard let size, let lastModified, let modified = MultistatusListing.httpDate(lastModified),
              let listed = listedAt.flatMap(MultistatusListing.httpDate), listed.timeIntervalSince(modified) >= 2
        else { return nil }
        return "size \(size), \(lastModified)"
    }
}
