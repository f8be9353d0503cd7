import GtkKit

/// Paging: the first page of rows at once, later pages as they are wanted.
extension NoteListView {
    /// Shows the first page now; later ones load as they are wanted.
    func loadInPages() {
        paging?.cancel()
        let first = (try? store.notePageOfStoredIDs(after: nil, limit: firstPageSize, in: category)) ?? (ids: [], next: nil)
        quietly { ids.replaceAll(with: first.ids) }
        nextPage = first.next
        changedSinceRead = false
        wantedCount = max(ids.count, firstPageSize)
        NoteListView.trace.write("loaded \(ids.count) more=\(nextPage != nil)")
        loadLaterPages()
    }

    /// Called once the window has drawn its first frame: later pages may load.
    func windowDidShow() {
        waitsForWindow = false
        loadLaterPages()
    }

    /// Whether another page is wanted: a note to select is not in yet, or
    /// fewer than two screens of rows are left below what shows.
    private var wantsNextPage: Bool {
        guard nextPage != nil, !waitsForWindow else { return false }
        return pendingSelection != nil || scroller.distanceToEnd < 2 * scroller.visibleHeight
    }

    /// Loads the next page on the next idle moment, if it is wanted. Once it
    /// is in, the list's new length changes what scrolling can reach, which
    /// calls here again.
    func loadLaterPages() {
        guard wantsNextPage, paging?.isPending != true else { return }
        paging = MainLoop.idle { [weak self] in
            guard let self else { return false }
            let size = pendingSelection == nil
                ? min(NoteListView.largestLaterPage, max(NoteListView.smallestLaterPage, ids.count))
                : NoteListView.largestLaterPage
            return loadNextPage(limit: size) && pendingSelection != nil
        }
    }

    /// Loads every page not loaded yet, now.
    func loadAllPages() {
        paging?.cancel()
        while loadNextPage(limit: NoteListView.largestLaterPage) {}
    }

    /// Appends one page of at most `limit` notes; returns whether more remain.
    private func loadNextPage(limit: Int) -> Bool {
        guard nextPage != nil else { return false }
        if changedSinceRead { readLoadedNotesAgain(count: ids.count) }
        guard let cursor = nextPage, let page = try? store.notePageOfStoredIDs(after: cursor, limit: limit, in: category) else {
            return false
        }
        nextPage = page.next
        let selected = selectedNoteID
        quietly { ids.splice(at: ids.count, removing: 0, inserting: page.ids) }
        wantedCount = ids.count
        NoteListView.trace.write("loaded \(ids.count) more=\(nextPage != nil)")
        // GTK selects a row of its own when rows come and none is selected: the
        // selection goes back to what it was, or to the note waited for.
        if let wanted = pendingSelection {
            let found = page.ids.contains(wanted.uuidString) ? position(of: wanted) : nil
            if found != nil || nextPage == nil { pendingSelection = nil }
            quietly { selectedPosition = found }
            if let found { list.scroll(toRow: found) }
        } else if selected != selectedNoteID {
            reselect(selected)
        }
        return nextPage != nil
    }

    /// Lets rows lay out more of their text once the list is wider than
    /// their text length allows for; rows made from now on take the new
    /// length at once. Rows made before the window first showed (it learns
    /// its width as it lays out its first frame) follow right after it;
    /// later, once the list has stopped widening.
    func fitRowText() {
        let length = RowTextLength.forWidth(scroller.visibleWidth)
        guard length > rowTextLength else { return }
        rowTextLength = length
        rowTextWidening?.cancel()
        let apply: @MainActor () -> Void = { [weak self] in
            guard let self else { return }
            for row in list.madeRows { row.textLength = rowTextLength }
        }
        rowTextWidening = waitsForWindow ? MainLoop.idle { apply(); return false } : MainLoop.after(milliseconds: 150, apply)
    }
}
