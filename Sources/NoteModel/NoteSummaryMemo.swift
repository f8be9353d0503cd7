import Foundation

/// The row summaries a store has read, kept until anything may have changed
/// them, so that windows listing the same notes (a restore of many) read each
/// note's summary once, not once a window.
///
/// What may change a summary: a write on the store's own connection (its
/// count of changed rows moves, whatever wrote), and what the store tells its
/// observers of, which includes another connection's writes as soon as
/// `NoteStore.followOtherWriters()` finds them. Until then a summary read
/// from the file could be as old as the rows already on screen.
struct NoteSummaryMemo {
    /// At most this many are kept; one more forgets them all (a list scrolled through many notes).
    static let capacity = 2_000
    private var summaries: [UUID: NoteSummary] = [:]
    /// The connection's count of changed rows when the summaries kept were read.
    private var changedRowCount: Int64 = -1

    /// The summary kept for `id`, if the connection has written nothing since
    /// (`changedRowCount` is its count of changed rows now).
    mutating func summary(of id: UUID, changedRowCount now: Int64) -> NoteSummary? {
        guard now == changedRowCount else {
            forget()
            changedRowCount = now
            return nil
        }
        return summaries[id]
    }

    /// Keeps `summary`, read when the connection's count of changed rows was `changedRowCount`.
    mutating func keep(_ summary: NoteSummary, changedRowCount now: Int64) {
        if now != changedRowCount {
            forget()
            changedRowCount = now
        }
        if summaries.count >= NoteSummaryMemo.capacity { forget() }
        summaries[summary.noteID] = summary
    }

    /// Forgets every summary kept.
    mutating func forget() {
        summaries.removeAll()
    }
}
