public import Foundation

/// A note as sync first looks at it: which revision it is at and whether it
/// is in the trash, without its text.
public struct SyncCandidate: Sendable, Equatable {
    public var id: UUID
    public var revision: Int64
    public var isInTrash: Bool

    public init(id: UUID, revision: Int64, isInTrash: Bool) {
        self.id = id
        self.revision = revision
        self.isInTrash = isInTrash
    }
}
