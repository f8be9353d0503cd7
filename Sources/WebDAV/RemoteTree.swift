/// A folder on a WebDAV server, as far down as it goes: its files and its
/// folders (hidden ones left out), each by its path in the folder.
public struct RemoteTree: Sendable, Equatable {
    /// The files, by path ("Work/plan.md").
    public var files: [RemoteFile]
    /// The folders, by path ("Work", "Recipes/Cakes"), in order; those in
    /// `unlisted` among them.
    public var folders: [String]
    /// The folders whose listing the server refused or failed, in order:
    /// nothing in them, nor in folders inside them, is among `files`.
    public var unlisted: [UnlistedFolder]

    public init(files: [RemoteFile], folders: [String], unlisted: [UnlistedFolder] = []) {
        self.files = files
        self.folders = folders
        self.unlisted = unlisted
    }
}
