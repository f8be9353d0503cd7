import Storage

/// Where a page of the note list ended: the last note's pin, its place in
/// the list's order (modification or creation time, or title) and its
/// identifier (as stored), so the next page starts right after it.
public struct NotePageCursor: Equatable, Sendable {
    let pinned: Int64
    let key: SQLiteValue
    let id: String
}
