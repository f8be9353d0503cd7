import FoundationEssentials
import GtkKit
import NoteModel
import Scenes

/// The scene delegate of a main window ("Default Configuration"): the list of
/// notes beside an editor for the selected one. A new main window shows the
/// most recent note (a new one if there are none); windows showing the same
/// note show each other's typing at once.
@MainActor
final class MainSceneDelegate: NoteWindowSceneDelegate {
    let noteWindow: NoteWindowController
    private var list: NoteListView?
    private var layout: ListAndNoteLayout?
    /// Toasts over the list and the note together (see `wideToasts`).
    private var windowToasts: ToastOverlay?
    /// In a narrow window showing a note: back to the list.
    private let backButton = Button(
        iconName: "go-previous-symbolic", action: nil, name: localized("Back"), tooltip: localized("Back to the list (Alt+Left)"))
    private let trashToggle = ToggleButton(
        iconName: "user-trash-symbolic", name: localized("Trash"), tooltip: localized("Show the notes in the trash (Alt+T)"))
    /// The column of the list and, in the trash, the trash's buttons under it.
    private let listColumn = Box(vertical: true)
    private var sidebar: CategorySidebar?
    /// Made the first time the window shows the trash.
    private var trashActions: TrashActionBar?
    /// Whether the list (the trash, while it shows) has notes.
    private var listHasNotes = true
    /// Set while the trash toggle is put back because the note shown could not be saved.
    private var revertingTrashToggle = false

    /// A delegate for a main window with the app's `services`.
    init(services: any NoteWindowServices) {
        noteWindow = NoteWindowController(services: services)
        noteWindow.owner = self
    }

    private var editor: NoteEditor? { noteWindow.editor }

    func initialNoteID(in store: NoteStore) -> UUID? {
        try? store.mostRecentlyModifiedNoteID()
    }

    /// A main window shows whichever note; requests for a note open its own window.
    var prefersItsNote: Bool { false }

    var kindOfWindow: String { localized("main window") }

    var notesActedOn: [UUID] {
        if let target = list?.menuTarget { return [target] }
        let selected = list?.selectedNoteIDs ?? []
        return selected.count > 1 ? selected : []
    }

    func makeContent(around editorView: Widget, store: NoteStore, in window: Window, windowHeight: Int32) -> Widget {
        let list = NoteListView(
            store: store, rowMenus: (noteWindow.services.rowMenu, noteWindow.services.trashRowMenu),
            windowHeight: windowHeight)
        list.onSelect = { [weak self, weak list] id in
            // A note that cannot be saved stays in view (its save bar says why).
            guard let self, let list, let editor else { return }
            if editor.noteID == id || editor.show(noteID: id) {
                if !list.searchText.isEmpty { editor.revealMatch(of: list.searchText) }
            } else {
                list.select(noteWindow.noteID)
            }
        }
        list.onRowMenu = { [weak self] id in self?.noteWindow.services.menuWillOpen(for: id) }
        list.onOpen = { [weak self] in self?.layout?.showNote() }
        // A row dragged out of the window onto the desktop: the note in a window of its own,
        // where it was let go (on X11; on Wayland the compositor places it).
        list.onDraggedOut = { [weak self] id in
            var state = NoteWindowState(noteID: id)
            if let pointer = Toolkit.pointerScreenPosition { (state.x, state.y) = (pointer.x, pointer.y) }
            self?.noteWindow.services.openNoteWindow(for: id, showing: state.activity())
        }
        list.onSearchApplied = { [weak self] in self?.searchApplied() }
        editor?.onSearchMatchesChanged = { [weak list] current, count in list?.showNoteMatches(current: current, count: count) }
        list.onFirstResultOpened = { [weak self] in self?.showNote() }
        list.onSearchStopped = { [weak self] in self?.showNote() }  // Escape: back to the note
        window.onFirstFrame { [weak list] in list?.windowDidShow() }
        list.onEmptinessChange = { [weak self] isEmpty in
            guard let self else { return }
            listHasNotes = !isEmpty
            trashActions?.trashHasNotes = !isEmpty
        }
        list.select(noteWindow.noteID)
        noteWindow.services.sync?.follow(by: list) { [weak list] status in
            list?.notesAreComing = status.bringsNotes
        }
        listColumn.append(list.root)
        listColumn.setExpands(horizontally: true, vertically: true)
        let sidebar = CategorySidebar(store: store)
        sidebar.onChoose = { [weak self] category in self?.chooseCategory(category) }
        sidebar.onNoteDropped = { [weak self] id, category in
            guard let self else { return }
            // A row selected with others takes them along.
            let together = notesActedOn
            CategoryActions.file(together.contains(id) ? together : [id], in: category, store: store, shownIn: noteWindow)
        }
        sidebar.onShownChange = { [weak self] shown in
            // The list keeps its width beside the categories.
            guard let self, let layout = self.layout else { return }
            layout.listWidth = max(120, layout.listWidth + (shown ? 1 : -1) * CategorySidebar.width)
            // A narrow window: the list's way back to the categories comes or goes with them
            // (the keyboard stays where it is: a sync may have filed the first note).
            if !shown && layout.page == .categories { layout.showList() } else { showBackButton() }
        }
        sidebar.onOpen = { [weak self] in
            if self?.layout?.isFolded == true { self?.layout?.showList() }
        }
        self.sidebar = sidebar
        let layout = ListAndNoteLayout(categories: sidebar.root, list: listColumn, note: editorView)
        layout.listWidth = 280 + (sidebar.root.isShown ? CategorySidebar.width : 0)
        layout.onChange = { [weak self] in self?.layoutChanged() }
        window.onWidthChanged { [weak layout] width in layout?.fit(width: width) }
        // Alt+Left in the note of a narrow window: back to the list, as the back button;
        // in its list, back to the categories.
        editor?.onBackKey = { [weak layout] in
            if layout?.isFolded == true { layout?.showList() }
        }
        listColumn.onKeyPress { [weak layout] key in
            guard key.isAltOnly, key.name == "Left" || key.name == "KP_Left", let layout, layout.canGoBack else { return false }
            layout.goBack()
            return true
        }
        // Ctrl+Z in the list undoes what the toast offers to, as Files does for a
        // file trashed; in the search field it is the field's own.
        listColumn.onKeyPress { [weak self, weak list] key in
            guard key.control, !key.shift, !key.alt, !key.otherModifiers, key.name == "z" || key.name == "Z",
                  list?.search.containsFocus == false else { return false }
            return self?.noteWindow.undoFromToast() ?? false
        }
        self.list = list
        self.layout = layout
        let windowToasts = ToastOverlay(child: layout.root)
        self.windowToasts = windowToasts
        return windowToasts
    }

    /// Over the whole window, list and note: the width a note's title needs,
    /// and in sight while a narrow window shows its list.
    var wideToasts: ToastOverlay? { windowToasts }

    /// The list and the note folded or unfolded, or a narrow window turned from
    /// one page to another: the back button shows over the note, and over the
    /// list when there are categories to go back to; the keyboard follows what
    /// is shown (moving them between layouts took the focus away).
    private func layoutChanged() {
        guard let layout else { return }
        showBackButton()
        list?.isBesideTheNote = !layout.isFolded
        switch layout.page {
        case .categories: sidebar?.focus()
        case .list: list?.focusList()
        case .note: editor?.focus()
        }
    }

    /// The back button, where a folded window has a page to go back to, saying which.
    private func showBackButton() {
        guard let layout else { return }
        backButton.isShown = layout.canGoBack
        backButton.setTooltip(layout.page == .list ? localized("Back to the categories (Alt+Left)") : localized("Back to the list (Alt+Left)"))
    }

    /// The note, with the keyboard in it (in a narrow window, in place of the list).
    private func showNote() {
        layout?.showNote()
        editor?.focus()
    }

    func decorate(_ header: HeaderBar) {
        backButton.isShown = false
        backButton.onClicked { [weak self] in self?.layout?.goBack() }
        header.packStart(backButton)
        header.packStart(Button(
            iconName: "document-new-symbolic", action: "app.new-note", name: localized("New Note"),
            tooltip: localized("Start a new note (Ctrl+N)")))
        header.packStart(trashToggle)
        trashToggle.addClickShortcut("<Alt>t")  // what its mnemonic was when it had a text label
        trashToggle.onToggled { [weak self] in
            guard let self, !revertingTrashToggle else { return }
            showTrash(trashToggle.isActive)
        }
    }

    /// Switches the window between the notes and the trash. In the trash, notes
    /// are shown read-only, with Restore, Delete Forever and Empty Trash below the list.
    private func showTrash(_ trash: Bool) {
        guard let list, let editor, let store = noteWindow.store else { return }
        guard editor.saveBeforeLeaving() || editor.document.viewCount > 1 else {
            revertingTrashToggle = true  // the note shown cannot be saved: stay with it
            trashToggle.isActive = !trash
            revertingTrashToggle = false
            return
        }
        list.showsTrash = trash
        layout?.showList()
        if trash && trashActions == nil { listColumn.append(makeTrashActions().root) }
        trashActions?.root.isShown = trash
        windowToasts?.keptClear = trash ? trashActions?.root : nil  // a toast would cover Restore and Delete Forever
        editor.isReadOnly = trash
        sidebar?.showsChosen = !trash
        editor.show(noteID: trash ? list.firstNoteID : initialNoteID(in: store))
        if !trash { showANoteOfTheCategory() }
        noteWindow.refreshTitle()
    }

    /// In the trash the title says so: the note shown there, or the Trash itself
    /// with nothing to show (not a new note).
    func windowTitle(editorTitle: String) -> String {
        guard trashToggle.isActive else { return editorTitle }
        guard let editor, editor.noteID != nil else { return localized("Trash — Quire") }
        return localized("%s — Trash — Quire", editor.shownTitle)
    }

    private func makeTrashActions() -> TrashActionBar {
        let bar = TrashActionBar(
            restore: { [weak self] in self?.restoreSelectedNote() },
            deleteForever: { [weak self] in self?.deleteForever() },
            emptyTrash: { [weak self] in self?.askToEmptyTrash() })
        bar.trashHasNotes = listHasNotes
        trashActions = bar
        return bar
    }

    /// Empty Trash, which cannot be undone, asks first.
    private func askToEmptyTrash() {
        guard let window = noteWindow.scene?.window else { return }
        let count = list?.noteCount ?? 0
        ConfirmationDialog.ask(
            over: window, question: localized("Empty the Trash?"),
            detail: localizedPlural(
                "The note in the trash will be deleted for good. This cannot be undone.",
                "All %d notes in the trash will be deleted for good. This cannot be undone.", count: count),
            confirmLabel: localized("_Empty Trash")
        ) { [weak self] in
            self?.writes?.emptyTrash { result in
                if case let .failure(error) = result { Log.error("could not empty the trash: \(error)") }
            }
        }
    }

    /// Delete in the list: moves the note to the trash, or, in the trash,
    /// deletes it for good (with Undo).
    func deleteSelectedNote() {
        let several = notesActedOn
        switch (trashToggle.isActive, several.isEmpty) {
        case (true, true): deleteForever()
        case (true, false): noteWindow.deleteForever(several)
        case (false, true): noteWindow.moveNoteToTrash()
        case (false, false): noteWindow.moveNotesToTrash(several)
        }
    }

    /// Delete Forever: the selected note in the trash is deleted for good at
    /// once, and a toast offers Undo (Alt+U) for a few seconds, which puts it
    /// back in the trash as it was. Empty Trash, which cannot be undone, asks.
    /// Both write on the background saver (`NoteWrites`), as does Restore.
    private func deleteForever() {
        guard let list, let id = list.selectedNoteID, let writes else { return }
        writes.deletePermanently(id) { [weak self] result in
            guard let self else { return }
            let deleted: DeletedNote
            do {
                deleted = try result.get()
            } catch {
                Log.error("could not delete the note in the trash: \(error)")
                noteWindow.offer(Toast(localized("The note could not be deleted: %s", "\(error)"), seconds: 10, urgent: true))
                return
            }
            if editor?.noteID == id { editor?.show(noteID: list.firstNoteID(other: id)) }
            let title = deleted.note.title
            noteWindow.offerUndo(
                saying: title.isEmpty ? localized("Note deleted") : localized("“%s” deleted"),
                naming: title.isEmpty ? nil : title,
                failure: "could not put the deleted note back"
            ) { [weak self] in
                self?.writes?.putBack(deleted) { [weak self] result in
                    switch result {
                    case .success: if let self, self.trashToggle.isActive { self.editor?.show(noteID: id) }
                    case let .failure(error): Log.error("could not put the deleted note back: \(error)")
                    }
                }
            }
        }
    }

    /// Restore: takes the selected note out of the trash, then shows the next
    /// one there; a toast says so, and its Show takes the window to the note.
    func restoreSelectedNote() {
        guard trashToggle.isActive else { return }
        let several = notesActedOn
        guard several.isEmpty else { return noteWindow.restoreFromTrash(several) }
        guard let list, let id = list.selectedNoteID, let writes else { return }
        let title = editor?.noteID == id ? editor?.shownTitle ?? "" : ""
        writes.restoreFromTrash(id) { [weak self] result in
            if case let .failure(error) = result {
                Log.error("could not take the note out of the trash: \(error)")
                self?.noteWindow.offer(Toast(localized("The note could not be restored: %s", "\(error)"), seconds: 10, urgent: true))
                return
            }
            guard let self else { return }
            let toast = Toast(localized("“%s” restored"), naming: title.isEmpty ? localized("New Note") : title,
                              buttonLabel: localized("_Show"), seconds: 8)
            toast.onButtonClicked { [weak self] in self?.showRestored(id) }
            noteWindow.offerEndingUndo(toast)
            guard trashToggle.isActive, editor?.noteID == id else { return }
            editor?.show(noteID: list.firstNoteID(other: id))
        }
    }

    /// Show, in Restore's toast: back to the notes, showing the one restored.
    private func showRestored(_ id: UUID) {
        if trashToggle.isActive { trashToggle.isActive = false }
        guard !trashToggle.isActive, let editor, editor.show(noteID: id) else { return }
        list?.select(id)
        editor.focus()
    }

    /// The trash's changes, once the notes are open.
    private var writes: NoteWrites? { noteWindow.services.documents?.writes }

    func noteToShow(after removed: UUID, in store: NoteStore) -> UUID? {
        trashToggle.isActive ? list?.firstNoteID(other: removed) : try? store.mostRecentlyModifiedNoteID(excluding: removed)
    }

    func editorDidShow(_ noteID: UUID?) { list?.select(noteID) }

    /// A new note is written among the notes: leave the trash first. In a
    /// window showing a category, it is filed there.
    func startNewNote() {
        if trashToggle.isActive { trashToggle.isActive = false }
        guard !trashToggle.isActive else { return }  // the note shown could not be saved
        editor?.startNewNote(in: sidebar?.chosen ?? "")
        layout?.showNote()
    }

    /// The category whose notes the window's list shows (nil: All Notes).
    var shownCategory: String? { sidebar?.chosen }

    /// The person chose `category` in the sidebar (nil: All Notes): the
    /// window leaves the trash, if it showed it, for the category's notes,
    /// and shows one of them beside.
    private func chooseCategory(_ category: String?) {
        if trashToggle.isActive { trashToggle.isActive = false }
        showCategory(category)
        showANoteOfTheCategory()
    }

    /// The note beside, if it is filed outside the category shown, gives way
    /// to the first note listed, as a search moves to its first result: a
    /// category chosen shows one of its own. A new note not saved yet stays,
    /// and so does any note when the category has none.
    private func showANoteOfTheCategory() {
        guard let category = sidebar?.chosen, let list, !list.showsTrash, let editor, let shown = editor.noteID,
              let store = noteWindow.store, let filed = try? store.category(of: shown),
              !NoteCategory.path(filed, isWithin: category), let first = list.firstNoteID else { return }
        editor.show(noteID: first)
    }

    /// Shows the notes of `category` (nil: all of them) in the list; the note
    /// shown stays, and is selected if it is among them.
    func showCategory(_ category: String?) {
        if sidebar?.chosen != category { sidebar?.choose(category) }
        list?.category = category
        list?.select(noteWindow.noteID)
        noteWindow.stateChanged()
    }

    /// New search text: the note shown highlights its matches, and the editor
    /// moves to the first result if the note it shows is not among them; once
    /// the search is cleared, the list selects the note shown again (in the
    /// trash, which showed no note while nothing matched, the first note
    /// there). The window's saved state keeps the search.
    private func searchApplied() {
        guard let list, let editor else { return }
        editor.highlightedSearch = list.searchText
        noteWindow.stateChanged()
        // Without a search every note is in the list, if not loaded yet: it selects the note once it is.
        if let shown = editor.noteID, list.searchText.isEmpty || list.contains(shown) {
            list.select(shown)
        } else if !list.searchText.isEmpty, let first = list.firstNoteID, editor.show(noteID: first) {
            editor.revealMatch(of: list.searchText)
        } else if list.searchText.isEmpty, list.showsTrash, let first = list.firstNoteID, editor.show(noteID: first) {
            list.select(first)
            noteWindow.refreshTitle()
        }
    }

    /// Selects the note's next (or previous) match of the search and puts the
    /// keyboard in the note, there (F3, Shift+F3).
    func stepToMatch(forward: Bool) {
        guard let editor, editor.stepToMatch(forward: forward) else { return }
        layout?.showNote()
        editor.focus()
    }

    /// Puts the keyboard focus in the search field (Ctrl+F).
    func focusSearch() {
        layout?.showList()
        list?.focusSearch()
    }

    func recordExtraState(into state: inout NoteWindowState) {
        guard let list, let layout else { return }
        state.searchText = list.search.text
        state.listWidth = layout.listWidth
        state.showsList = layout.page != .note  // the categories come back as their list
        state.category = sidebar?.chosen ?? ""
    }

    func restoreExtraState(from state: NoteWindowState) {
        if let width = state.listWidth { layout?.listWidth = width }
        if state.showsList { layout?.showList() }
        if !state.category.isEmpty { showCategory(NoteCategory.normalized(state.category)) }
        if !state.searchText.isEmpty {
            list?.search.text = state.searchText
            list?.reload()
            list?.select(noteWindow.noteID)
            editor?.highlightedSearch = list?.searchText ?? ""
        }
    }
}
