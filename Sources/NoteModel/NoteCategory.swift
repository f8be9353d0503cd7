import FoundationEssentials

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
    /// dots and blanks (no hidden folders), empty parts dropped. Each part is
    /// also cut to the 255 bytes a folder's name may have on a server's disk.
    public static func normalized(_ path: String) -> String {
        path.split(separator: "/", omittingEmptySubsequences: true).map { part in
            NoteFileName.cut(NoteFileName.nextcloudSafe(String(part)), toBytes: maximumPartBytes).trimmingSpaces()
        }.filter { !$0.isEmpty }.joined(separator: "/")
    }

    /// The longest name of a category's folder, in UTF-8 bytes: a file
    /// system's limit.
    static let maximumPartBytes = 255

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

    /// Whether the category `a` is listed before `b`: part by part, so each
    /// category's sub-categories follow it; each part in lower case and
    /// without accents ("Éclairs" after "apples"), numbers by their value
    /// ("Week 2" before "Week 10"). Without ICU's collation, which a launch
    /// would load for it (1.5 MiB).
    public static func listsBefore(_ a: String, _ b: String) -> Bool {
        let left = a.split(separator: "/"), right = b.split(separator: "/")
        for (x, y) in zip(left, right) where x != y {
            let order = naturalOrder(String(x), String(y))
            return order == 0 ? x < y : order < 0
        }
        return left.count < right.count
    }

    /// -1, 0 or 1 as `x` comes before, beside or after `y`: folded to lower
    /// case without accents, runs of digits compared by their value.
    private static func naturalOrder(_ x: String, _ y: String) -> Int {
        let a = Array(TextFolding.folded(x).unicodeScalars)
        let b = Array(TextFolding.folded(y).unicodeScalars)
        func isDigit(_ scalar: Unicode.Scalar) -> Bool { ("0"..."9").contains(scalar) }
        var i = 0, j = 0
        while i < a.count, j < b.count {
            guard isDigit(a[i]), isDigit(b[j]) else {
                if a[i] != b[j] { return a[i].value < b[j].value ? -1 : 1 }
                i += 1
                j += 1
                continue
            }
            let numberA = i, numberB = j
            while i < a.count, isDigit(a[i]) { i += 1 }
            while j < b.count, isDigit(b[j]) { j += 1 }
            let digitsA = a[numberA..<i].drop { $0 == "0" }, digitsB = b[numberB..<j].drop { $0 == "0" }
            if digitsA.count != digitsB.count { return digitsA.count < digitsB.count ? -1 : 1 }
            if let (p, q) = zip(digitsA, digitsB).first(where: { $0 != $1 }) { return p.value < q.value ? -1 : 1 }
        }
        let restA = a.count - i, restB = b.count - j
        return restA == restB ? 0 : (restA < restB ? -1 : 1)
    }

    /// Whether the category `path` is `ancestor` or lies inside it.
    public static func path(_ path: String, isWithin ancestor: String) -> Bool {
        path == ancestor || path.hasPrefix(ancestor + "/")
    }
}
