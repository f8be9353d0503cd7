import FoundationEssentials
import GtkKit
import NoteModel

/// The main window's list of notes, pinned first, then newest first, with a
/// search field above it, which typing in the list goes into. Rows are
/// created only for what is visible and read only their note's summary, so
/// the list stays quick with very many notes. It follows the
/// store: new and edited notes move up to the first unpinned place, pinned
/// ones to the top, trashed ones leave.
///
/// Beside this file, extensions of their own hold the paging
/// (`NoteListView+Paging`) and the following of the store's changes
/// (`+Following`); its state is internal, not private, only so that they
/// share it.
@MainActor
final class NoteListView {
    /// The view: the search field above the scrolling list.
    let root: Widget
    let search = SearchEntry(placeholder: localized("Search notes"))
    /// Under the search field in a category: search it, or all notes.
    private let scope = SearchScopeBar()
    /// Called when the user selects a note.
    var onSelect: (@MainActor (UUID) -> Void)?
    /// Called when the user opens a note: clicks its row, or presses Return on it.
    var onOpen: (@MainActor () -> Void)?
    /// Called when a row's menu is about to open, with its note (already selected).
    var onRowMenu: (@MainActor (UUID) -> Void)?
    /// Called when a row is dragged out and let go where nothing takes it, with its note.
    var onDraggedOut: (@MainActor (UUID) -> Void)?
    /// Called whenever the list is refilled or followed a change, with whether it is empty.
    var onEmptinessChange: (@MainActor (Bool) -> Void)?
    /// Called once the list shows the results of new search text (or all
    /// notes again), or of the search widened to all notes or narrowed back.
    var onSearchApplied: (@MainActor () -> Void)?
    /// Called after Return in the search field opened the first result.
    var onFirstResultOpened: (@MainActor () -> Void)?
    /// Called after Escape in the search field cleared it (or found it empty).
    var onSearchStopped: (@MainActor () -> Void)?

    let store: NoteStore
    let ids = StringList()
    /// Under the search field while a search shows: how many notes match, and
    /// the shown note's matches ("3 notes match · match 2 of 5").
    private let searchCount = Label("")
    /// The shown note's matches of the search: the selected one's index from 0, and how many.
    private var noteMatches: (current: Int?, count: Int) = (nil, 0)

    /// The note shown beside the list has `count` matches of the search, the
    /// one at `current` (from 0) selected: said under the search field.
    func showNoteMatches(current: Int?, count: Int) {
        noteMatches = (current, count)
        updateSearchCount()
    }

    private func updateSearchCount() {
        // No match at all: the page in the list's place says so.
        let shown = !searchText.isEmpty && ids.count > 0
        searchCount.isShown = shown
        guard shown else { return }
        var parts = [localizedPlural("%d note matches", "%d notes match", count: ids.count)]
        if let current = noteMatches.current {
            parts.append(localized("match %s of %s", String(current + 1), String(noteMatches.count)))
        } else if noteMatches.count > 0 {
            parts.append(localizedPlural("%d match in this note", "%d matches in this note", count: noteMatches.count))
        }
        searchCount.text = parts.joined(separator: " · ")
    }

    /// The search field, the page an empty list shows in its place, and the list.
    private let column = Box(vertical: true, spacing: 0)
    /// What an empty list means: no notes yet, no search results, an empty
    /// trash. Made the first time the list is empty.
    private var emptyState: StatusPage?
    private let selection: MultiSelection
    /// The notes selected together (Ctrl+click, Shift+click, Shift+arrows,
    /// Ctrl+A), as stored, while more than one is: they stay selected as the
    /// rows change, until one note is chosen again. Empty otherwise.
    private var selectedTogether: [String] = []
    /// The note a row's menu is open on, where the menu is for it alone: a row
    /// that is neither the selected one nor among those selected together.
    private(set) var menuTarget: UUID?
    private var menuGeneration = 0
    var list: ListView<NoteRow>!
    let scroller = ScrolledWindow()
    private var selectionConnection: SignalConnection?
    private var matches: [UUID: NoteSearchResult] = [:]
    /// Raised whenever what a row shows may have changed (a note changed, the
    /// list was refilled): GTK 4.8 binds a row again each time it is selected
    /// or unselected, and a row already showing its note as of this version
    /// is not read again (a list row of a 20 MB note costs milliseconds).
    var version = 0
    /// The search text the list shows results for ("" for all notes).
    private var appliedSearch = ""
    /// How much of a note's title and text each row lays out, for the list's
    /// width (`RowTextLength`). It only grows: a narrower list cuts what was
    /// laid out anyway.
    var rowTextLength = RowTextLength.shortest
    /// Sets the rows' text again for a wider list once it has stopped
    /// widening (a divider dragged wider passes many widths).
    var rowTextWidening: MainLoopSource?

    /// Notes beyond the first page load as the list is scrolled towards them,
    /// once the window shows: a page whenever fewer than two screens of rows
    /// are left below what shows, each page as long as the list so far (from
    /// `smallestLaterPage` up to `largestLaterPage` notes). So a window over
    /// very many notes launches as quickly as over a few, and holds only what
    /// was scrolled through. End, and a note to select further down, load
    /// what they need at once.
    ///
    /// The smallest is about two screens of a window of the default size:
    /// every later page's rows are built as soon as it loads (GTK 4.8 builds
    /// up to about 200 rows around what shows), and right after a restored
    /// window's first frame, a larger one was time and memory spent on rows
    /// nobody had scrolled to.
    static let smallestLaterPage = 20
    static let largestLaterPage = 2_000
    /// Notes that came in beyond what the list wants are let go this many
    /// at a time (each time, the loaded notes are read again).
    static let notesLetGoTogether = 100
    /// Up to this many changes heard of together are followed one by one;
    /// more, by reading the loaded notes again.
    static let changesFollowedOneByOne = 8
    /// The first page: as many notes as the window can show. Before a window's
    /// first frame GTK 4.8 builds a row for every note in the list, seen or
    /// not, and each row more is time before the window shows.
    let firstPageSize: Int

    /// How many rows a list in a window `height` pixels tall can show: rows
    /// are 52 pixels tall at the default font under the header bar and search
    /// field (90 pixels); 44 errs towards a row too many for smaller fonts,
    /// whose rows the next page brings a frame later.
    static func firstPageSize(forWindowHeight height: Int32) -> Int {
        max(8, Int(height - 90) / 44 + 2)
    }
    /// Until the window has shown its first frame, later pages wait (so they
    /// never delay it); then `windowDidShow()` lets them load.
    var waitsForWindow = true
    var paging: MainLoopSource?
    /// A note to select once its page has loaded.
    var pendingSelection: UUID?
    var nextPage: NotePageCursor?
    /// How many notes the list wants loaded: what its pages brought. Notes
    /// that arrive beyond it (a first sync brings thousands) are let go again
    /// once they are many, and come back as a page if the list is scrolled to them.
    var wantedCount = 0
    /// Whether notes came or went since the loaded notes were last read in
    /// order. Changes are placed one at a time as they are heard of, each
    /// against the notes as they are now (a sync's batch is heard of after
    /// it is all written), so the notes loaded may then differ from the first
    /// ones in the list's order; before a page is added after them, or some
    /// are let go, they are read again.
    var changedSinceRead = false
    /// The note selected by Quire or the person: the row the list keeps when
    /// it lets notes go. (GTK selects a row of its own when rows come and none
    /// is selected; that row is worth nothing to keep.)
    var chosenNoteID: UUID?
    /// With `QUIRE_TRACE_LISTS=1`, a line for each page of notes a list loads,
    /// and for each change to the notes it follows.
    static let trace = DiagnosticTrace(variable: "QUIRE_TRACE_LISTS", prefix: "list")

    /// Whether the note shows beside the list (a wide window): there a new,
    /// empty note already waits for typing, so an empty list says to type.
    var isBesideTheNote = true {
        didSet { if isBesideTheNote != oldValue { updateEmptyState() } }
    }

    /// Whether notes from a server are on their way (a sync runs, or the
    /// first one is due): an empty list then says so, where it would say
    /// there are none yet.
    var notesAreComing = false {
        didSet { if notesAreComing != oldValue { updateEmptyState() } }
    }

    /// Whether the list shows the trash instead of the notes (a search then looks in the trash).
    var showsTrash = false {
        didSet { reloadFromTheTop() }
    }

    /// The category whose notes (and its sub-categories') the list shows; nil for all notes.
    var category: String? {
        didSet { if category != oldValue { reloadFromTheTop() } }
    }

    /// The search text the list shows results for ("" for all notes).
    var searchText: String { appliedSearch.trimmingSpaces() }

    /// Whether `id` is in the list as loaded so far.
    func contains(_ id: UUID) -> Bool { position(of: id) != nil }

    /// How many notes the list holds as loaded so far (the trash, all of them).
    var noteCount: Int { ids.count }

    /// The first note listed, if any.
    var firstNoteID: UUID? { ids.string(at: 0).flatMap(UUID.init(uuidString:)) }

    /// The first note listed other than `id` (a note leaving the list), if any.
    func firstNoteID(other id: UUID) -> UUID? {
        (0..<2).lazy.compactMap { self.ids.string(at: $0).flatMap(UUID.init(uuidString:)) }.first { $0 != id }
    }
    private var storeObservation: NoteObservation?
    /// The order the list holds its notes in (the store's when last read).
    private var listedOrder: NoteSortOrder
    /// Notes another program brought while the person types: shown once typing pauses.
    lazy var heldWhileTyping = ChangesHeldWhileTyping { [weak self] in self?.followAll($0) }

    /// A list of `store`'s notes for a window `windowHeight` pixels tall, whose
    /// rows' right-click menu is `rowMenus.notes`, or `rowMenus.trash` while it shows the trash.
    init(store: NoteStore, rowMenus: (notes: Menu, trash: Menu), windowHeight: Int32) {
        self.store = store
        listedOrder = store.listOrder
        firstPageSize = NoteListView.firstPageSize(forWindowHeight: windowHeight)
        selection = MultiSelection(model: ids)
        search.setMargins(6)
        column.append(search)
        column.append(scope.root)
        searchCount.addCSSClass("dim-label")
        searchCount.addCSSClass("caption")
        searchCount.setHorizontalMargins(start: 12, end: 12)
        searchCount.isShown = false
        column.append(searchCount)
        scroller.setExpands(horizontally: false, vertically: true)
        column.append(scroller)
        root = column
        list = ListView(selection: selection, makeRow: { [weak self] in
            let row = NoteRow(menu: { self?.showsTrash == true ? rowMenus.trash : rowMenus.notes }, onContextMenu: { noteID in
                self?.rowMenuOpens(for: noteID)
            }, onMenuClosed: {
                self?.rowMenuClosed()
            }, onClick: { if self?.selectedTogether.isEmpty == true { self?.onOpen?() } }, onDroppedNowhere: { self?.onDraggedOut?($0) })
            row.textLength = self?.rowTextLength ?? RowTextLength.shortest
            return (row, row.root)
        }, bindRow: { [weak self] row, text in
            guard let self, let id = UUID(uuidString: text) else { return "" }
            if let name = row.name(ifShowing: id, asOf: version) { return name }
            guard let summary = try? store.summary(of: id) else { return "" }
            return row.show(summary, match: matches[id], asOf: version)
        })
        list.setAccessibleLabel(localized("Notes"))
        list.addCSSClass("navigation-sidebar")  // libadwaita's style for a window's sidebar list
        // Before the list's Delete: GTK asks a widget's key handlers last added first,
        // and the search field would take Delete (in its text) from the list.
        search.takeTyping(from: list)
        list.addShortcut("Delete", action: "app.delete-selected")
        list.onActivate { [weak self] position in self?.activated(at: Int(position)) }
        list.onKeyPress { [weak self] key in
            // End goes to the oldest note, not to the last one loaded so far.
            if key.name == "End" || key.name == "KP_End" { self?.loadAllPages() }
            // Menu and Shift+F10 open the selected note's menu, as a right-click does
            // (and would otherwise reach the search field, which takes typing).
            if key.opensContextMenu {
                self?.popUpSelectedRowMenu()
                return true
            }
            return false
        }
        scroller.setChild(list)
        scroller.onVerticalChange { [weak self] in self?.loadLaterPages() }
        scroller.onWidthChange { [weak self] in self?.fitRowText() }
        selectionConnection = selection.onSelectionChanged { [weak self] in self?.userSelected() }
        search.onSearchChanged { [weak self] in self?.applySearch() }
        scope.onChange = { [weak self] in  // a search wider or narrower: new results, as for new text
            self?.reloadFromTheTop()
            self?.onSearchApplied?()
        }
        search.onActivate { [weak self] in self?.openFirst() }
        search.onStopSearch { [weak self] in self?.stopSearch() }
        storeObservation = store.observeTogether { [weak self] changes, origin in
            MainActor.assumeIsolated { self?.heard(changes, from: origin) }
        }
        Preferences.shared.follow(by: self) { [weak self] in self?.followSortOrder() }
        reload()
    }

    /// Sorts the notes again if another order was chosen in Preferences (the
    /// first list to hear of it gives the store the order; the others find it set).
    private func followSortOrder() {
        store.listOrder = Preferences.shared.values.sortOrder
        guard store.listOrder != listedOrder else { return }
        listedOrder = store.listOrder
        reload()
        if let position = selectedPosition { list.scroll(toRow: position) }
    }

    /// The selected note: the one selected row, or, of several, the note the
    /// window shows if it is one of them, else the first.
    var selectedNoteID: UUID? {
        selectedPosition.flatMap { ids.string(at: $0) }.flatMap(UUID.init(uuidString:))
    }

    /// The selected notes, in the list's order: several, or the one selected (none: empty).
    var selectedNoteIDs: [UUID] {
        selection.selectedPositions.compactMap { ids.string(at: $0) }.compactMap(UUID.init(uuidString:))
    }

    /// The row of `selectedNoteID`. Setting it selects that row (nil: none),
    /// with the notes selected together, wherever their rows are now.
    var selectedPosition: Int? {
        get {
            let positions = selection.selectedPositions
            guard positions.count > 1 else { return positions.first }
            let chosen = chosenNoteID?.uuidString
            return positions.first { ids.string(at: $0) == chosen } ?? positions.first
        }
        set {
            let together = Set(selectedTogether)
            var positions = together.isEmpty ? [] : (0..<ids.count).filter { ids.string(at: $0).map(together.contains) ?? false }
            if let newValue, !positions.contains(newValue) { positions.append(newValue) }
            selection.selectedPositions = positions.sorted()
        }
    }

    /// The note the list means to have selected: the one its pages are loading
    /// down to, else the selected row's. Rows that change meanwhile must not
    /// lose it (GTK may select a row of its own while it waits).
    var intendedSelection: UUID? { pendingSelection ?? selectedNoteID }

    /// Where `id` is in the list, searching from the top (where edited notes go).
    func position(of id: UUID) -> Int? {
        let text = id.uuidString
        return (0..<ids.count).first { ids.string(at: $0) == text }
    }

    /// Selects `id` if it is in the list, or once its page loads (without
    /// telling `onSelect`), and scrolls its row into view: the note the window
    /// shows is always found in the list (after a search ends, an old note).
    func select(_ id: UUID?) {
        selectedTogether = []  // one note chosen: the rest are let go
        let held = heldWhileTyping.takeHeld()
        if !held.isEmpty { followAll(held) }
        chosenNoteID = id
        reselect(id)
        if let position = selectedPosition, pendingSelection == nil, !awaitsFrameFromTheTop { list.scroll(toRow: position) }
    }

    /// Selects `id` again after the rows changed, as `select(_:)` does, without
    /// making it the chosen note (it may be a row GTK picked).
    func reselect(_ id: UUID?) {
        let position = id.flatMap(position(of:))
        // Pages load until the note is in, if it is in the list at all (not trashed meanwhile).
        let waitsForPage = position == nil && nextPage != nil && id.flatMap { try? store.pageCursor(endingAt: $0.uuidString) } != nil
        pendingSelection = waitsForPage ? id : nil
        quietly { selectedPosition = position }
        loadLaterPages()
    }

    /// Puts the keyboard focus in the search field, its text selected.
    func focusSearch() { search.focusSelectingText() }

    /// Puts the keyboard focus on the list's selected row.
    func focusList() {
        let selected = selectedNoteID
        list.focusList { $0.noteID == selected }
    }

    /// Refills the list: every note, or the search results for the search text.
    func reload() {
        _ = heldWhileTyping.takeHeld()  // every note is read again
        version += 1
        let selected = selectedNoteID
        let text = search.text
        appliedSearch = text
        scope.show(for: showsTrash ? nil : category, searching: !text.trimmingSpaces().isEmpty)
        if showsTrash && text.trimmingSpaces().isEmpty {
            matches = [:]
            paging?.cancel()
            nextPage = nil
            changedSinceRead = false
            quietly { ids.replaceAll(with: trashedNoteIDs()) }
        } else if text.trimmingSpaces().isEmpty {
            matches = [:]
            loadInPages()
        } else {
            paging?.cancel()
            nextPage = nil
            changedSinceRead = false
            let results = (try? store.search(text, in: showsTrash || scope.searchesEverywhere ? nil : category, inTrash: showsTrash)) ?? []
            matches = Dictionary(results.map { ($0.noteID, $0) }, uniquingKeysWith: { first, _ in first })
            quietly { ids.replaceAll(with: results.map(\.noteID.uuidString)) }
        }
        reselect(selected)
        updateEmptyState()
        updateSearchCount()
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
    func updateEmptyState() {
        emptyState?.isShown = ids.count == 0
        onEmptinessChange?(ids.count == 0)
        guard ids.count == 0 else { return }
        let emptyState = emptyState ?? makeEmptyState()
        let text = search.text.trimmingSpaces()
        if showsTrash && text.isEmpty {
            emptyState.show(iconName: "user-trash-symbolic", title: localized("The Trash Is Empty"),
                            description: localized("Notes moved to the trash wait here until you delete them."))
        } else if text.isEmpty && notesAreComing {
            emptyState.show(iconName: "emblem-synchronizing-symbolic", title: localized("Getting Your Notes"),
                            description: localized("Notes from the server appear here as they arrive."))
        } else if text.isEmpty, let category {
            // The note beside may be one that just left the category: typing there would not start one here.
            let name = category.split(separator: "/").last.map(String.init) ?? category
            emptyState.show(iconName: "folder-symbolic", title: localized("No Notes in %s", name),
                            description: localized("Start one here with Ctrl+N."))
        } else if text.isEmpty {
            emptyState.show(iconName: "document-new-symbolic", title: localized("No Notes Yet"),
                            description: isBesideTheNote ? localized("Type in the note to start one.") : localized("Start one with Ctrl+N."))
        } else {
            // A long search is cut: the page's text wraps, and a page of it would fill the list.
            let shown = text.count > 40 ? text.prefix(39) + "…" : text
            emptyState.show(iconName: "edit-find-symbolic", title: localized("No Results"),
                            description: localized("No notes match “%s”.", String(shown)))
        }
    }

    private func makeEmptyState() -> StatusPage {
        let page = StatusPage(iconName: "document-new-symbolic", title: "", compact: true)
        page.setExpands(horizontally: false, vertically: true)
        column.insert(page, after: searchCount)  // under the search field, its scope and its count
        emptyState = page
        return page
    }

    /// Shows the results of the search text now in the field, and says so. The
    /// field reports text set from code too, a pause later: text the list
    /// already shows (a restored search, or one Return applied) is not applied
    /// again, so a note started meanwhile stays in the editor.
    private func applySearch() {
        guard search.text != appliedSearch else { return }
        reloadFromTheTop()
        onSearchApplied?()
    }

    /// Set from a refill from the top until the next frame (`reloadFromTheTop`).
    private var awaitsFrameFromTheTop = false

    /// Fills the list for other notes (another category, the trash, a new
    /// search) from its top. GTK keeps the row at the top of what showed in
    /// its place, among the new rows: notes newer than it would be above,
    /// out of sight. The row selected is scrolled to, as little as needed,
    /// once the new rows are laid out.
    private func reloadFromTheTop() {
        reload()
        guard ids.count > 0 else { return }
        list.scroll(toRow: 0)
        // Until the new rows are laid out, GTK would put a row scrolled to at the
        // top, above all others: the selected row is scrolled to after the next frame.
        guard !awaitsFrameFromTheTop else { return }
        awaitsFrameFromTheTop = list.onNextFrame(requestingOne: true) { [weak self] in
            guard let self else { return }
            awaitsFrameFromTheTop = false
            if let position = selectedPosition, pendingSelection == nil { list.scroll(toRow: position) }
        }
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
        if search.text != appliedSearch { reloadFromTheTop() }
        guard ids.count > 0 else { return }
        quietly { selectedPosition = 0 }
        userSelected()
        onFirstResultOpened?()
    }

    /// A row's menu opens for `noteID`. Its actions work on the selected notes
    /// (a row selected with others keeps them); on any other row, on that note
    /// alone (`menuTarget`), the selection and the note shown left as they are,
    /// as a right-click shows nothing.
    private func rowMenuOpens(for noteID: UUID) {
        onRowMenu?(noteID)
        let selected = selectedTogether.contains(noteID.uuidString) || (selectedTogether.isEmpty && selectedNoteID == noteID)
        menuTarget = selected ? nil : noteID
        menuGeneration += 1
    }

    /// Menu or Shift+F10 in the list: the selected note's row opens its menu
    /// (scrolled to first, if the keyboard left it out of sight).
    private func popUpSelectedRowMenu() {
        guard let id = selectedNoteID, let position = selectedPosition else { return }
        list.scroll(toRow: position)
        list.madeRows.first { $0.noteID == id }?.popUpMenu()
    }

    /// The row's menu closed: its note stops being the one the actions are for
    /// once the item chosen (if any) has run, unless another menu opened meanwhile.
    private func rowMenuClosed() {
        let closing = menuGeneration
        MainLoop.idle { [weak self] in
            if let self, self.menuGeneration == closing { self.menuTarget = nil }
            return false
        }
    }

    /// Return on the row at `position`: its note opens. With no row selected
    /// (the list of a category just opened, the keyboard on its first row),
    /// that row's note is chosen first, as a click would choose it.
    private func activated(at position: Int) {
        if selection.selectedPositions.isEmpty, let id = ids.string(at: position).flatMap(UUID.init(uuidString:)) {
            select(id)
            onSelect?(id)
        }
        onOpen?()
    }

    /// The person changed the selection: one row chosen shows its note; with
    /// several, the window goes on showing its note and they are kept together.
    private func userSelected() {
        let positions = selection.selectedPositions
        guard positions.count <= 1 else {
            selectedTogether = positions.compactMap { ids.string(at: $0) }
            return
        }
        selectedTogether = []
        chosenNoteID = selectedNoteID
        if let id = selectedNoteID { onSelect?(id) }
    }

    /// Changes the rows as `quietly` does, and if the list showed its top,
    /// it still does: GTK keeps the top row shown in its place as rows come
    /// in above it, so a list at the top would drift down through a sync's
    /// notes, away from the newest, and towards the end of what it holds.
    func keepingTopInView(_ body: () -> Void) {
        let showedTop = scroller.verticalOffset <= 0
        quietly(body)
        if showedTop && ids.count > 0 { list.scroll(toRow: 0) }
    }

    /// Changes the list or the selection without reporting a user selection.
    func quietly(_ body: () -> Void) {
        if let selectionConnection { selectionConnection.whileBlocked(body) } else { body() }
    }
}
