/// What became of a save that named the revision it edited.
public enum NoteSaveOutcome: Equatable, Sendable {
    /// The body was written; the note is now at `revision`.
    case saved(revision: Int64)
    /// Someone else saved the note since that revision: nothing was written.
    /// `current` is the note as it is now, to merge with.
    case conflict(current: Note)
    /// The note went to the trash: nothing was written.
    case inTrash
    /// The note was deleted for good: nothing was written.
    case gone
}
