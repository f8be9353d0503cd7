import GtkKit
import NoteModel

/// Following the store: notes created, edited, pinned, filed and trashed, here
/// or elsewhere, move in the list as they change.
extension NoteListView {
    private func follow(_ change: NoteChange) {
        version += 1
        guard !showsTrash, search.text.trimmingSpaces().isEmpty else {
            reload()  // the trash and search results have orders of their own: rebuild them
            return
        }
        let id = change.noteID.uuidString
        let index = position(of: change.noteID)
        let selected = selectedNoteID
        let intended = intendedSelection
        switch change {
        case .created, .edited, .restoredFromTrash, .pinChanged, .categoryChanged:
            // Where the list's order now puts it (an edited note: first after the
            // pinned ones); if that is past the pages loaded so far, its page
            // brings it. Re-inserting also re-binds its row.
            // Unreadable for now (another writer holds the file): it stays where it is.
            // Counting stops past the notes loaded: a note going further down is not placed now.
            let limit = nextPage == nil ? Int.max : ids.count + 1
            let found: Int?
            do {
                found = try store.listPosition(of: change.noteID, countingAtMost: limit, in: category)
            } catch {
                break
            }
            guard let position = found else {
                // Filed in another category than the one shown: it leaves this list.
                if category != nil, let index {
                    quietly { ids.splice(at: index, removing: 1, inserting: []) }
                    changedSinceRead = true
                }
                break
            }
            let hadFocus = list.containsFocus
            var placedPastCompleteList = false
            keepingTopInView {
                if let index { ids.splice(at: index, removing: 1, inserting: []) }
                // Right after the notes loaded: a note that was loaded stays, as the last.
                if position < ids.count || (position == ids.count && (nextPage == nil || index != nil)) {
                    ids.splice(at: position, removing: 0, inserting: [id])
                } else {
                    placedPastCompleteList = nextPage == nil
                }
            }
            changedSinceRead = true
            // Past the end of a list that held every note: notes that came at once (a sync's
            // batch, placed one by one against them all) left gaps. The list reads its first
            // notes again, and the rest become its next page.
            if placedPastCompleteList { readLoadedNotesAgain(count: max(ids.count, wantedCount)) }
            // The keyboard stays on the selected note as its row moves (GTK leaves it at the
            // old place), and in the list when the row it was on was made again in place
            // (a note filed from the list: GTK then leaves it nowhere).
            keepKeyboardInList(if: hadFocus && (change.noteID == selected && position != index || !list.containsFocus))
        case .movedToTrash, .deletedPermanently:
            if let index { quietly { ids.splice(at: index, removing: 1, inserting: []) } }
            changedSinceRead = true
        }
        reselect(intended)
        letGoOfUnwantedNotes()
        updateEmptyState()
        NoteListView.trace.write("holds \(ids.count) more=\(nextPage != nil) changes=1")
    }

    /// Follows changes to the notes as they are heard of, but another
    /// program's that only bring or change notes wait while the person types
    /// (each change of the rows costs a frame; see `TypingPause`).
    func heard(_ changes: [NoteChange], from origin: NoteChangeOrigin?) {
        guard origin == .elsewhere else { return followAll(changes) }
        let now = heldWhileTyping.changesToFollow(changes)
        guard now.isEmpty else { return followAll(now) }
        changedSinceRead = true  // a page loaded meanwhile reads the notes held, in their places
        NoteListView.trace.write("held \(changes.count) while typing")
    }

    /// Follows changes made or found together (a sync's hundreds, heard of
    /// together; an import; a trash emptied): one by one if they are few; if many, by
    /// reading the loaded notes again once (where one by one, each note was
    /// placed, its rows bound and the list scrolled and selected again), and
    /// binding again the rows that kept their place but show a changed note.
    func followAll(_ changes: [NoteChange]) {
        guard changes.count > NoteListView.changesFollowedOneByOne else { return inListOrder(changes).forEach(follow) }
        version += 1
        guard !showsTrash, search.text.trimmingSpaces().isEmpty else { return reload() }
        // Reading again selects the note meant to be selected, if the rows moved it; if not, more may be wanted below.
        if !readLoadedNotesAgain(count: max(ids.count, wantedCount), bindingAgain: Set(changes.map(\.noteID.uuidString))) {
            loadLaterPages()
        }
        letGoOfUnwantedNotes()
        updateEmptyState()
        NoteListView.trace.write("holds \(ids.count) more=\(nextPage != nil) changes=\(changes.count)")
    }

    /// `changes` in the order to follow them one by one: notes leaving first,
    /// then the rest in the order the list will hold them. A note's place is
    /// counted among all the stored notes, those that came with it too, so it
    /// is right once every note above it is in (an import's notes, placed in
    /// the order they were made, went in under older notes).
    private func inListOrder(_ changes: [NoteChange]) -> [NoteChange] {
        guard changes.count > 1 else { return changes }
        let limit = nextPage == nil ? Int.max : ids.count + 1
        let placed = changes.enumerated().map { offset, change -> (change: NoteChange, key: (Int, Int)) in
            switch change {
            case .movedToTrash, .deletedPermanently: return (change, (-1, offset))
            case .created, .edited, .restoredFromTrash, .pinChanged, .categoryChanged:
                let position = (try? store.listPosition(of: change.noteID, countingAtMost: limit, in: category)) ?? nil
                return (change, (position ?? Int.max, offset))
            }
        }
        return placed.sorted { $0.key < $1.key }.map(\.change)
    }

    /// Lets go of the notes at the end of the list beyond what it wants, once
    /// they are a page's worth (never the selected one): the next page starts
    /// after the last note kept.
    private func letGoOfUnwantedNotes() {
        let chosen = selectedNoteID != nil && selectedNoteID == chosenNoteID ? selectedPosition : nil
        let keep = max(wantedCount, (chosen ?? -1) + 1)
        guard pendingSelection == nil, ids.count > keep + NoteListView.notesLetGoTogether else { return }
        readLoadedNotesAgain(count: keep)
        NoteListView.trace.write("kept \(ids.count) more=\(nextPage != nil)")
    }

    /// Puts the keyboard back on the selected row a moment after rows were
    /// replaced under it, if `hadFocus` (GTK 4.8 leaves it where the row was,
    /// or on a row that is gone).
    private func keepKeyboardInList(if hadFocus: Bool) {
        guard hadFocus else { return }
        MainLoop.idle { [weak self] in
            self?.focusList()
            return false
        }
    }

    /// Makes the loaded notes the first `count` of the list's order, as the
    /// store has them now, moving, adding and removing only the rows that
    /// differ: a row that stays keeps its place, and the keyboard on it.
    /// The rows of loaded notes among `changed` (ids) are bound again, as
    /// they may show a note's old text. Returns whether it selected the
    /// note meant to be selected again (`reselect`, which also loads later
    /// pages if they are wanted).
    @discardableResult
    func readLoadedNotesAgain(count: Int, bindingAgain changed: Set<String> = []) -> Bool {
        guard let fresh = try? store.notePageOfStoredIDs(after: nil, limit: count, in: category) else { return false }
        let intended = intendedSelection
        let hadFocus = list.containsFocus
        let shown = (0..<ids.count).compactMap { ids.string(at: $0) }
        let stale = changed.intersection(shown)
        keepingTopInView {
            for splice in ListSplice.changes(from: shown, to: fresh.ids) {
                ids.splice(at: splice.position, removing: splice.removing, inserting: splice.inserting)
            }
            // The list now holds `fresh.ids`, in order.
            guard !stale.isEmpty else { return }
            for (index, id) in fresh.ids.enumerated() where stale.contains(id) {
                ids.splice(at: index, removing: 1, inserting: [id])
            }
        }
        nextPage = fresh.next
        changedSinceRead = false
        let reselects = intended != selectedNoteID
        if reselects { reselect(intended) }
        keepKeyboardInList(if: hadFocus && !list.containsFocus)
        return reselects
    }
}
