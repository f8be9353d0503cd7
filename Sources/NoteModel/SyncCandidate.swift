public import FoundationEssentials

/// A note as sync first looks at it: which revision it is at, whether it
/// is in the trash, its category and its pin, without its text.
public struct SyncCandidate: Sendable, Equatable {
    public var id: UUID
    public var revision: Int64
    public var isInTrash: Bool
    /// Its category (the folder its file belongs in), "" for none.
    public var category: String
    /// Whether it is pinned (a star on Nextcloud).
    public var isPinned: Bool

    public init(id: UUID, revision: Int64, isInTrash: Bool, category: String = "", isPinned: Bool = false) {
        self.id = id
        self.revision = revision
        self.isInTrash = isInTrash
        self.category = category
        self.isPinned = isPinned
    }
}
