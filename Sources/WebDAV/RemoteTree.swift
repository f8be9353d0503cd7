/// A folder on a WebDAV server, as far down as it goes: its files and its
/// folders (hidden ones left out), each by its path in the folder.
public struct RemoteTree: Sendable, Equatable {
    /// The files, by path ("Work/plan.md").
    public var files: [RemoteFile]
    /// The folders, by path ("Work", "Recipes/Cakes"), in order.
    public var folders: [String]

    public init(files: [RemoteFile], folders: [String]) {
        self.files = files
        self.folders = folders
    }
}
