public import FoundationEssentials

/// Text that could not be saved into its note, kept in a file of its own
/// until it is: what was typed, and what it was typed over.
public struct NoteDraft: Codable, Sendable, Equatable {
    /// This draft: one note can have several (one per run that could not save it).
    public var draftID: UUID
    /// The note the text belongs to (for a note never saved, the identifier it will have).
    public var noteID: UUID
    /// The text as the person left it.
    public var body: String
    /// The note's text when editing started (as last loaded or saved): what a
    /// merge with a version saved meanwhile is made against.
    public var baseBody: String
    /// The note's revision when editing started; 0 for a note never saved.
    public var baseRevision: Int64
    /// When the draft was written.
    public var writtenAt: Date

    /// A draft of `body` for the note `noteID`, typed over `baseBody` at `baseRevision`.
    public init(
        draftID: UUID = UUID(), noteID: UUID, body: String, baseBody: String, baseRevision: Int64,
        writtenAt: Date = Date()
    ) {
        self.draftID = draftID
        self.noteID = noteID
        self.body = body
        self.baseBody = baseBody
        self.baseRevision = baseRevision
        self.writtenAt = writtenAt
    }
}
