import FoundationEssentials

/// What a store has read for the windows' lists (each row's summary, the
/// categories and their counts), kept until anything may have changed it,
/// so that windows listing the same notes (a restore of many) read each
/// once, not once a window.
///
/// What may change them: a write on the store's own connection (its count
/// of changed rows moves, whatever wrote), and what the store tells its
/// observers of, which includes another connection's writes as soon as
/// `NoteStore.followOtherWriters()` finds them. Until then what was read
/// from the file could be as old as the rows already on screen.
struct NoteListMemo {
    /// At most this many summaries are kept; one more forgets them all (a list scrolled through many notes).
    static let summaryCapacity = 2_000
    private var summaries: [UUID: NoteSummary] = [:]
    private var categories: [NoteCategory]?
    /// The connection's count of changed rows when what is kept was read.
    private var changedRowCount: Int64 = -1

    /// The summary kept for `id`, if the connection has written nothing since
    /// (`changedRowCount` is its count of changed rows now).
    mutating func summary(of id: UUID, changedRowCount now: Int64) -> NoteSummary? {
        keepOnlyIfUnchanged(now)
        return summaries[id]
    }

    /// Keeps `summary`, read when the connection's count of changed rows was `changedRowCount`.
    mutating func keep(_ summary: NoteSummary, changedRowCount now: Int64) {
        keepOnlyIfUnchanged(now)
        if summaries.count >= NoteListMemo.summaryCapacity { summaries.removeAll() }
        summaries[summary.noteID] = summary
    }

    /// The categories kept, if the connection has written nothing since.
    mutating func categories(changedRowCount now: Int64) -> [NoteCategory]? {
        keepOnlyIfUnchanged(now)
        return categories
    }

    /// Keeps `categories`, read when the connection's count of changed rows was `changedRowCount`.
    mutating func keep(categories: [NoteCategory], changedRowCount now: Int64) {
        keepOnlyIfUnchanged(now)
        self.categories = categories
    }

    /// Forgets everything kept.
    mutating func forget() {
        summaries.removeAll()
        categories = nil
    }

    private mutating func keepOnlyIfUnchanged(_ now: Int64) {
        guard now != changedRowCount else { return }
        forget()
        changedRowCount = now
    }
}
