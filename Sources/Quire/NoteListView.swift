import Foundation
import GtkKit
import NoteModel

/// The main window's list of notes, pinned first, then newest first, with a
/// search field above it. Rows are created only for what is visible and read only their note's
/// summary, so the list stays quick with very many notes. All notes come from
/// the list every main window shares (`AllNotesList`), which follows the
/// store; search results and the trash are the window's own, read again on
/// every change.
@MainActor
final class NoteListView: AllNotesListObserver {
    /// The view: the search field above the scrolling list.
    let root: Widget
    let search = SearchEntry(placeholder: localized("Search notes"))
    /// Called when the user selects a note.
    var onSelect: (@MainActor (UUID) -> Void)?
    /// Called when the user opens a note: clicks its row, or presses Return on it.
    var onOpen: (@MainActor () -> Void)?
    /// Called when a row's menu is about to open, with its note (already selected).
    var onRowMenu: (@MainActor (UUID) -> Void)?
    /// Called whenever the list is refilled or followed a change, with whether it is empty.
    var onEmptinessChange: (@MainActor (Bool) -> Void)?
    /// Called once the list shows the results of new search text (or all notes again).
    var onSearchApplied: (@MainActor () -> Void)?
    /// Called after Return in the search field opened the first result.
    var onFirstResultOpened: (@MainActor () -> Void)?
    /// Called after Escape in the search field cleared it (or found it empty).
    var onSearchStopped: (@MainActor () -> Void)?

    private let store: NoteStore
    /// Every note, shared by the main windows.
    private let allNotes: AllNotesList
    /// What the window shows of every note: the first page until its first frame, then all.
    private let allNotesShown: StringListSlice
    /// Search results or the trash: this window's own.
    private let ownNotes = StringList()
    /// What the list shows: `allNotesShown` or `ownNotes`.
    private var ids: StringListModel { selection.model }
    /// Whether the list shows every note (the shared list).
    private var showsAllNotes: Bool { selection.model === allNotesShown }
    /// What an empty list means: no notes yet, no search results, an empty trash.
    private let emptyState = StatusPage(iconName: "document-new-symbolic", title: "", compact: true)
    private let selection: SingleSelection
    private var list: ListView<NoteRow>!
    private var selectionConnection: SignalConnection?
    private var matches: [UUID: NoteSearchResult] = [:]
    /// Raised whenever what a row shows may have changed (a note changed, the
    /// list was refilled): GTK 4.8 binds a row again each time it is selected
    /// or unselected, and a row already showing its note as of this version
    /// is not read again (a list row of a 20 MB note costs milliseconds).
    private var version = 0
    /// The search text the list shows results for ("" for all notes).
    private var appliedSearch = ""

    /// The notes read before the first frame: as many as the window can show.
    /// Before a window's first frame GTK 4.8 builds a row for every note in
    /// the list, seen or not, and each row more is time before the window shows.
    private let firstPageSize: Int

    /// How many rows a list in a window `height` pixels tall can show: rows
    /// are 52 pixels tall at the default font under the header bar and search
    /// field (90 pixels); 44 errs towards a row too many for smaller fonts,
    /// whose rows the next page brings a frame later.
    static func firstPageSize(forWindowHeight height: Int32) -> Int {
        max(8, Int(height - 90) / 44 + 2)
    }
    /// Until the window has shown its first frame, the list shows only the
    /// first page of all notes: GTK 4.8 builds up to 200 rows for a list before
    /// its first frame, seen or not, which with all notes read made a new
    /// window 200 rows' worth slower. Later pages of all notes wait too (so
    /// they never delay it); then `windowDidShow()` shows them all.
    private var windowHasShown = false
    /// A note to select once its page of all notes has loaded.
    private var pendingSelection: UUID?
    /// The selected note, and whether the list had the keyboard, before a
    /// change to all notes (which may move or drop its row).
    private var beforeChange: (selected: UUID?, position: Int?, hadFocus: Bool)?

    /// Whether the list shows the trash instead of the notes (search is off there).
    var showsTrash = false {
        didSet {
            search.isSensitive = !showsTrash
            reload()
        }
    }

    /// The search text the list shows results for ("" for all notes).
    var searchText: String { showsTrash ? "" : appliedSearch.trimmingCharacters(in: .whitespaces) }

    /// Whether `id` is in the list as loaded so far.
    func contains(_ id: UUID) -> Bool { position(of: id) != nil }

    /// The first note listed, if any.
    var firstNoteID: UUID? { ids.string(at: 0).flatMap(UUID.init(uuidString:)) }
    private var storeObservation: NoteObservation?

    /// A list of `store`'s notes, all of them from `allNotes`, for a window
    /// `windowHeight` pixels tall, whose rows' right-click menu is `rowMenu`.
    init(store: NoteStore, allNotes: AllNotesList, rowMenu: Menu, windowHeight: Int32) {
        self.store = store
        self.allNotes = allNotes
        firstPageSize = NoteListView.firstPageSize(forWindowHeight: windowHeight)
        allNotesShown = StringListSlice(of: allNotes.ids, size: firstPageSize)
        selection = SingleSelection(model: allNotesShown)
        let column = Box(vertical: true, spacing: 0)
        search.setMargins(6)
        column.append(search)
        emptyState.setExpands(horizontally: false, vertically: true)
        column.append(emptyState)
        let scroller = ScrolledWindow()
        scroller.setExpands(horizontally: false, vertically: true)
        column.append(scroller)
        root = column
        list = ListView(selection: selection, makeRow: { [weak self] in
            let row = NoteRow(menu: rowMenu, onContextMenu: { noteID in
                // The menu's actions work on the window's note: make it this row's.
                self?.select(noteID)
                self?.onSelect?(noteID)
                self?.onRowMenu?(noteID)
            }, onClick: { self?.onOpen?() })
            return (row, row.root)
        }, bindRow: { [weak self] row, text in
            guard let self, let id = UUID(uuidString: text) else { return "" }
            if let name = row.name(ifShowing: id, asOf: version) { return name }
            guard let summary = try? store.summary(of: id) else { return "" }
            return row.show(summary, match: matches[id], asOf: version)
        })
        list.setAccessibleLabel(localized("Notes"))
        list.addCSSClass("navigation-sidebar")  // libadwaita's style for a window's sidebar list
        list.addShortcut("Delete", action: "app.delete-selected")
        list.onActivate { [weak self] _ in self?.onOpen?() }
        scroller.setChild(list)
        selectionConnection = selection.onSelectionChanged { [weak self] in self?.userSelected() }
        search.onSearchChanged { [weak self] in self?.applySearch() }
        search.onActivate { [weak self] in self?.openFirst() }
        search.onStopSearch { [weak self] in self?.stopSearch() }
        storeObservation = store.observe { [weak self] change, _ in
            MainActor.assumeIsolated { self?.follow(change) }
        }
        allNotes.add(self)
        reload()
    }

    /// The selected note.
    var selectedNoteID: UUID? {
        selection.selectedPosition.flatMap { ids.string(at: $0) }.flatMap(UUID.init(uuidString:))
    }

    /// Where `id` is in the list, searching from the top (where edited notes go).
    private func position(of id: UUID) -> Int? {
        if showsAllNotes { return allNotes.position(of: id).flatMap { $0 < ids.count ? $0 : nil } }
        let text = id.uuidString
        return (0..<ids.count).first { ids.string(at: $0) == text }
    }

    /// Selects `id` if it is in the list, or once its page loads (without telling `onSelect`).
    func select(_ id: UUID?) {
        let position = id.flatMap(position(of:))
        let more = !windowHasShown || allNotes.isReading  // notes the list does not show yet
        pendingSelection = position == nil && showsAllNotes && more ? id : nil
        quietly { selection.selectedPosition = position }
    }

    /// Called once the window has drawn its first frame: later pages may load.
    func windowDidShow() {
        windowHasShown = true
        quietly { allNotesShown.size = Int.max }  // the rows shown stay as they are
        if let wanted = pendingSelection, showsAllNotes { select(wanted) }
        if showsAllNotes { allNotes.windowDidShow() }
    }

    func allNotesWillChange() {
        guard showsAllNotes else { return }
        version += 1
        beforeChange = (selectedNoteID, selection.selectedPosition, list.containsFocus)
    }

    func allNotesDidChange(_ change: NoteChange?) {
        guard showsAllNotes, let before = beforeChange else { return }
        beforeChange = nil
        if let wanted = pendingSelection, position(of: wanted) != nil {
            select(wanted)
        } else if before.selected != selectedNoteID {
            select(before.selected)
        }
        // The keyboard stays on the selected note as its row moves (GTK leaves it at the old place).
        if let change, before.hadFocus, change.noteID == before.selected, selection.selectedPosition != before.position {
            MainLoop.idle { [weak self] in
                self?.focusList()
                return false
            }
        }
        updateEmptyState()
    }

    /// Puts the keyboard focus in the search field.
    func focusSearch() { search.grabFocus() }

    /// Puts the keyboard focus on the list's selected row.
    func focusList() {
        let selected = selectedNoteID
        list.focusList { $0.noteID == selected }
    }

    /// Refills the list: every note, or the search results for the search text.
    func reload() {
        version += 1
        let selected = selectedNoteID
        let text = search.text
        appliedSearch = text
        if showsTrash {
            matches = [:]
            show(own: trashedNoteIDs())
        } else if text.trimmingCharacters(in: .whitespaces).isEmpty {
            matches = [:]
            allNotes.prepare(atLeast: firstPageSize)
            quietly { selection.model = allNotesShown }
            ownNotes.replaceAll(with: [])
            if windowHasShown { allNotes.windowDidShow() }
        } else {
            let results = (try? store.search(text)) ?? []
            matches = Dictionary(results.map { ($0.noteID, $0) }, uniquingKeysWith: { first, _ in first })
            show(own: results.map(\.noteID.uuidString))
        }
        select(selected)
        updateEmptyState()
    }

    /// Shows `noteIDs`, this window's own list (search results or the trash).
    private func show(own noteIDs: [String]) {
        quietly {
            ownNotes.replaceAll(with: noteIDs)
            selection.model = ownNotes
        }
    }

    /// The notes in the trash, in the store's order. The person asked
    /// for them: a read held up by another writer waits for it rather than
    /// showing an empty trash; one that fails all the same is logged.
    private func trashedNoteIDs() -> [String] {
        do {
            return try store.waitingLonger { try store.trashedNotes() }.map(\.id.uuidString)
        } catch {
            Log.error("could not read the trash: \(error)")
            return []
        }
    }

    /// Says why the list is empty, or hides itself when it is not.
    private func updateEmptyState() {
        emptyState.isShown = ids.count == 0
        onEmptinessChange?(ids.count == 0)
        guard ids.count == 0 else { return }
        let text = search.text.trimmingCharacters(in: .whitespaces)
        if showsTrash {
            emptyState.show(iconName: "user-trash-symbolic", title: localized("The Trash Is Empty"),
                            description: localized("Notes moved to the trash wait here until you delete them."))
        } else if text.isEmpty {
            emptyState.show(iconName: "document-new-symbolic", title: localized("No Notes Yet"),
                            description: localized("Start one with Ctrl+N."))
        } else {
            // A long search is cut: the page's text wraps, and a page of it would fill the list.
            let shown = text.count > 40 ? text.prefix(39) + "…" : text
            emptyState.show(iconName: "edit-find-symbolic", title: localized("No Results"),
                            description: localized("No notes match “%s”.", String(shown)))
        }
    }

    /// The trash and search results have orders of their own: a change to
    /// any note reads them again. (All notes follow changes themselves.)
    private func follow(_ change: NoteChange) {
        guard !showsAllNotes else { return }
        reload()
    }

    /// Shows the results of the search text now in the field, and says so. The
    /// field reports text set from code too, a pause later: text the list
    /// already shows (a restored search, or one Return applied) is not applied
    /// again, so a note started meanwhile stays in the editor.
    private func applySearch() {
        guard search.text != appliedSearch else { return }
        reload()
        onSearchApplied?()
    }

    /// Escape in the search field: the search ends, all notes show again.
    private func stopSearch() {
        search.text = ""
        // GTK reports an emptied field at once; should it not have, apply it here.
        if appliedSearch != search.text { applySearch() }
        onSearchStopped?()
    }

    /// Selects and shows the first note in the list (Return in the search field).
    /// The field reports changes after a pause in typing; a Return pressed
    /// sooner applies the text first, so it opens the first *result*.
    private func openFirst() {
        if search.text != appliedSearch { reload() }
        guard ids.count > 0 else { return }
        quietly { selection.selectedPosition = 0 }
        userSelected()
        onFirstResultOpened?()
    }

    private func userSelected() {
        // A change to all notes moves rows, and GTK the selection with them: not the user.
        guard !(showsAllNotes && allNotes.isChanging) else { return }
        if let id = selectedNoteID { onSelect?(id) }
    }

    /// Changes the list or the selection without reporting a user selection.
    private func quietly(_ body: () -> Void) {
        if let selectionConnection { selectionConnection.whileBlocked(body) } else { body() }
    }
}
