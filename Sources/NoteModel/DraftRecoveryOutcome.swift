public import FoundationEssentials

/// What recovering a draft into the notes did.
public enum DraftRecoveryOutcome: Equatable, Sendable {
    /// The note already had exactly this text; nothing was written.
    case alreadySaved(noteID: UUID)
    /// The draft's text was saved into its note (created, if it never was).
    case restored(noteID: UUID)
    /// The note changed since the draft was written; the two were merged.
    case merged(noteID: UUID)
    /// The draft could not go into its note (changed in the same place, in the
    /// trash, or deleted for good): its text became the new note `newNoteID`.
    case keptAsNewNote(noteID: UUID, newNoteID: UUID)

    /// The note that holds the recovered text.
    public var recoveredNoteID: UUID {
        switch self {
        case let .alreadySaved(id), let .restored(id), let .merged(id): id
        case let .keptAsNewNote(_, newID): newID
        }
    }
}
