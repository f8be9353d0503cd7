public import FoundationEssentials

/// A note deleted for good, as it was in the trash: what Undo needs to put it
/// back (`NoteStore.putBack(_:)`). It lives only in memory; once dropped, the
/// note is gone.
public struct DeletedNote: Sendable, Equatable {
    /// The note, with its text, dates and revision.
    public let note: Note
    /// When it went to the trash.
    public let trashedAt: Date
    /// Whether it was pinned (it comes back pinned once restored).
    public let isPinned: Bool
    /// The language chosen for its spelling, if one was.
    public let spellingLanguage: String?
}
