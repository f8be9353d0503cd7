public import FoundationEssentials

/// What the note store can report beyond a storage failure.
public enum NoteStoreError: Error, Equatable, CustomStringConvertible {
    /// No note has this identifier (it was deleted, or never existed).
    case noSuchNote(UUID)
    /// The note is in the trash, where nothing is written to it.
    case inTrash(UUID)
    /// Other writers kept saving the note faster than this one could merge.
    case keptChanging(UUID)
    /// The store has not been opened yet.
    case notOpenedYet
    /// A note with this identifier is already there (putting a deleted note back).
    case noteExists(UUID)

    public var description: String {
        switch self {
        case let .noSuchNote(id): return "There is no note with the identifier \(id.uuidString)."
        case let .inTrash(id): return "The note \(id.uuidString) is in the trash."
        case let .keptChanging(id): return "The note \(id.uuidString) kept changing elsewhere while it was being saved."
        case .notOpenedYet: return "The notes have not been opened yet."
        case let .noteExists(id): return "A note with the identifier \(id.uuidString) is already there."
        }
    }
}
