public import FoundationEssentials

/// A file read for import: its text, to become one note as it is, when it
/// was last changed (the note's date), and the category its folder stands for.
public struct ImportableNoteFile: Equatable, Sendable {
    public let path: String
    public let body: String
    public let modifiedAt: Date
    /// The folders between the folder imported and the file ("Recipes/Cakes"),
    /// as the note's category; "" for a file given itself, or at the top.
    public var category: String

    public init(path: String, body: String, modifiedAt: Date, category: String = "") {
        self.path = path
        self.body = body
        self.modifiedAt = modifiedAt
        self.category = category
    }
}
