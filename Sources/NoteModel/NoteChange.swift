public import FoundationEssentials

/// Something that happened to a note, as the store tells its observers.
public enum NoteChange: Equatable, Sendable {
    case created(UUID)
    case edited(UUID)
    case movedToTrash(UUID)
    case restoredFromTrash(UUID)
    case deletedPermanently(UUID)
    /// Pinned or unpinned: its place in the list changed, not its text.
    case pinChanged(UUID)
    /// Filed into another category (or none): which lists show it changed, not its text.
    case categoryChanged(UUID)

    /// The note the change is about.
    public var noteID: UUID {
        switch self {
        case let .created(id), let .edited(id), let .movedToTrash(id), let .restoredFromTrash(id),
             let .deletedPermanently(id), let .pinChanged(id), let .categoryChanged(id):
            id
        }
    }
}
