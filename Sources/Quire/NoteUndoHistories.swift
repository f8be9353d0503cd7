import FoundationEssentials
import GtkKit

/// The Undo histories of the last few notes an editor showed before the
/// one it shows: a note shown again, its text unchanged since, takes its
/// history back, so Ctrl+Z still takes back what was done to it (a
/// paragraph deleted, then a look at another note). A note changed
/// meanwhile (in another window, by a sync) starts afresh, as on any load.
struct NoteUndoHistories {
    /// Each note's history, with what its text was when the editor left it
    /// (its length and hash: the text itself may be megabytes); the latest last.
    private var kept: [(noteID: UUID, textLength: Int, textHash: Int, history: KeptUndoHistory)] = []
    /// The most notes whose history is kept.
    static let limit = 10

    /// Keeps `history` (nothing to keep: forgets any kept before) for the
    /// note `noteID`, left with `text`.
    mutating func keep(_ history: KeptUndoHistory?, of noteID: UUID?, text: String) {
        guard let noteID else { return }
        kept.removeAll { $0.noteID == noteID }
        guard let history else { return }
        kept.append((noteID, text.utf8.count, text.hashValue, history))
        if kept.count > NoteUndoHistories.limit { kept.removeFirst(kept.count - NoteUndoHistories.limit) }
    }

    /// The history kept for `noteID`, if its text is still the one it was
    /// left with; forgotten here either way.
    mutating func take(for noteID: UUID?, text: @autoclosure () -> String) -> KeptUndoHistory? {
        guard let noteID, let index = kept.firstIndex(where: { $0.noteID == noteID }) else { return nil }
        let entry = kept.remove(at: index), text = text()
        return entry.textLength == text.utf8.count && entry.textHash == text.hashValue ? entry.history : nil
    }
}
