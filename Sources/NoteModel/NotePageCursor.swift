/// Where a page of the note list ended: the last note's pin, modification time
/// and identifier (as stored), so the next page starts right after it.
public struct NotePageCursor: Equatable, Sendable {
    let pinned: Int64
    let modifiedAt: Double
    let id: String
}
