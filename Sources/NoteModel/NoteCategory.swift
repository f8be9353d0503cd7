/// A category of notes, as Nextcloud's Notes apps keep them: a folder path
/// relative to the notes folder ("Recipes/Cakes"), with how many notes
/// outside the trash it holds, its sub-categories' included.
public struct NoteCategory: Sendable, Equatable, Hashable {
    /// The path; "" is no category.
    public var path: String
    /// The notes it holds, its sub-categories' included.
    public var count: Int

    public init(path: String, count: Int) {
        self.path = path
        self.count = count
    }

    /// The last part of the path ("Cakes" of "Recipes/Cakes").
    public var name: String { path.split(separator: "/").last.map(String.init) ?? path }

    /// How deep it lies (0 for "Recipes", 1 for "Recipes/Cakes").
    public var depth: Int { max(0, path.split(separator: "/").count - 1) }

    /// `path` as Nextcloud's Notes app makes it: each part without the
    /// characters some file system refuses (`*|/\:"<>?`) and without leading
    /// dots and blanks (no hidden folders), empty parts dropped.
    public static func normalized(_ path: String) -> String {
        path.split(separator: "/", omittingEmptySubsequences: true).map { part in
            NoteFileName.nextcloudSafe(String(part))
        }.filter { !$0.isEmpty }.joined(separator: "/")
    }

    /// The category a file at `path` in the notes folder is filed in: its
    /// folder ("Recipes/Cakes" of "Recipes/Cakes/sponge.md"; "" at the top).
    public static func folder(of path: String) -> String {
        path.lastIndex(of: "/").map { String(path[..<$0]) } ?? ""
    }

    /// `path` and the categories above it, outermost first ("Recipes",
    /// "Recipes/Cakes" of "Recipes/Cakes"); none for "".
    public static func lineage(of path: String) -> [String] {
        var lineage: [String] = []
        for part in path.split(separator: "/") { lineage.append(lineage.last.map { $0 + "/" + part } ?? String(part)) }
        return lineage
    }

    /// Whether the category `path` is `ancestor` or lies inside it.
    public static func path(_ path: String, isWithin ancestor: String) -> Bool {
        path == ancestor || path.hasPrefix(ancestor + "/")
    }
}
