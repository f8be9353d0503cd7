/// Where a page of the note list ended: the last note's modification time and
/// identifier (as stored), so the next page starts right after it.
public struct NotePageCursor: Equatable, Sendable {
    let modifiedAt: Double
    let id: String
}
