import FoundationEssentials
import GtkKit
import NoteModel

/// A main window's categories, beside its list of notes: All Notes first,
/// then each category (a nested one indented under its parent) with how many
/// notes it holds, in libadwaita's navigation-sidebar style. Choosing one
/// shows its notes in the list. It shows only once there are categories (or
/// one is chosen), and follows the notes as they are filed. A note row
/// dropped on a category files the note there; a category's right-click
/// menu (Menu, Shift+F10), F2 and Delete rename and remove it. Its list
/// is built when it first shows: most people have no categories, and every
/// main window restored paid for a hidden one.
@MainActor
final class CategorySidebar {
    /// The sidebar: hidden and empty until there are categories, then their list, scrolling.
    let root = Box(vertical: true)
    /// Called when the person chooses a category (nil: All Notes).
    var onChoose: (@MainActor (String?) -> Void)?
    /// Called when the sidebar shows or hides.
    var onShownChange: (@MainActor (Bool) -> Void)?
    /// Called when a note (its row) is dropped on a category.
    var onNoteDropped: (@MainActor (UUID, String) -> Void)?
    /// Called when the person opens a category: a click on it, or Return
    /// (a narrow window then shows its list; arrows only choose).
    var onOpen: (@MainActor () -> Void)?

    private let store: NoteStore
    /// The rows' categories: "" for All Notes, a category's path otherwise.
    private let paths = StringList()
    private let selection: SingleSelection
    /// The list, once the sidebar has shown.
    private var list: ListView<CategoryRow>?
    private var categories: [String: NoteCategory] = [:]
    private var observation: NoteObservation?
    private var refreshIsDue = false
    /// Set while the rows are put in again, when the selection moves on its own.
    private var refilling = false
    /// A category's menu: Rename Category…, Remove Category….
    private lazy var categoryMenu = CategoryEditing.menu()

    /// The category chosen (nil: All Notes).
    private(set) var chosen: String?
    /// Whether the chosen category's row shows selected: not while the
    /// window shows the trash, whose notes are of every category. A row
    /// picked then is chosen even if it is the category chosen already.
    var showsChosen = true {
        didSet { if showsChosen != oldValue { refresh() } }
    }
    /// How wide the sidebar is, in pixels.
    static let width: Int32 = 150

    init(store: NoteStore) {
        self.store = store
        selection = SingleSelection(model: paths, alwaysSelects: false)  // in the trash, no row is
        root.isShown = false
        root.setExpands(horizontally: false, vertically: true)
        selection.onSelectionChanged { [weak self] in self?.selectionChanged() }
        observation = store.observeTogether { [weak self] changes, origin in
            // Typing saves a note a few times a second in every window: its text
            // and pin never change a count. What another process changed is heard
            // of as an edit, and may be a note filed elsewhere.
            guard origin == .elsewhere || changes.contains(where: CategorySidebar.mayChangeCounts) else { return }
            self?.refreshSoon()
        }
        refresh()
    }

    /// Builds the list of categories, scrolling, inside the sidebar.
    private func buildList() {
        let makeRow: @MainActor () -> (CategoryRow, Widget) = { [weak self] in
            CategoryRow.make(
                onDrop: { path, text in self?.dropped(text, on: path) ?? false },
                menuFor: { path in self?.menu(for: path) },
                onClick: { self?.onOpen?() })
        }
        let list = ListView(selection: selection, makeRow: makeRow) { [weak self] row, path in
            let category = self?.categories[path]
            let title = path.isEmpty ? localized("All Notes") : category?.name ?? path
            return row.show(path, as: title, count: category?.count, depth: category?.depth ?? 0)
        }
        list.onKeyPress { [weak self] key in self?.keyPressed(key) ?? false }
        list.onActivate { [weak self] _ in self?.onOpen?() }
        list.addCSSClass("navigation-sidebar")
        list.setAccessibleLabel(localized("Categories"))
        let scroller = ScrolledWindow()
        scroller.setChild(list)
        scroller.setExpands(horizontally: false, vertically: true)
        scroller.setMinimumWidth(CategorySidebar.width)
        root.append(scroller)
        self.list = list
    }

    /// Puts the keyboard focus on the chosen category's row.
    func focus() {
        let chosenPath = chosen ?? ""
        list?.focusList { $0.path == chosenPath }
    }

    /// Shows the category `path` (nil: All Notes), as if chosen.
    func choose(_ path: String?) {
        chosen = path.flatMap { $0.isEmpty ? nil : $0 }
        refresh()
    }

    private func selectionChanged() {
        guard !refilling, let position = selection.selectedPosition, let path = paths.string(at: position) else { return }
        let picked = path.isEmpty ? nil : path
        guard picked != chosen || !showsChosen else { return }
        chosen = picked
        onChoose?(picked)
    }

    /// A note's link dropped on the category `path`: the note is filed there.
    private func dropped(_ text: String, on path: String) -> Bool {
        guard !path.isEmpty, let id = NoteLink.noteID(inDropped: text) else { return false }
        onNoteDropped?(id, path)
        return true
    }

    /// The menu of the category `path`, which is shown first; none for All Notes.
    private func menu(for path: String) -> Menu? {
        guard !path.isEmpty else { return nil }
        if path != chosen || !showsChosen {
            chosen = path
            refresh()
            onChoose?(path)
        }
        return categoryMenu
    }

    /// F2 renames the category shown, Delete removes it, Menu and Shift+F10 open its menu.
    private func keyPressed(_ key: KeyPress) -> Bool {
        guard let chosen, let list else { return false }
        switch key.name {
        case "F2" where key.isPlain: list.activateAction("app.\(CategoryEditing.renameActionName)")
        case "Delete" where key.isPlain, "KP_Delete" where key.isPlain: list.activateAction("app.\(CategoryEditing.removeActionName)")
        case _ where key.opensContextMenu:
            guard let row = list.madeRows.first(where: { $0.path == chosen }) else { return false }
            row.popUp(categoryMenu, atX: Double(CategorySidebar.width / 2), y: 12)
        default: return false
        }
        return true
    }

    /// Whether `change` may change a category's count: a note that came,
    /// went or was filed elsewhere.
    private static func mayChangeCounts(_ change: NoteChange) -> Bool {
        switch change {
        case .created, .movedToTrash, .restoredFromTrash, .deletedPermanently, .categoryChanged: true
        case .edited, .pinChanged: false
        }
    }

    /// Reads the categories again once the current burst of changes is over.
    private func refreshSoon() {
        guard !refreshIsDue else { return }
        refreshIsDue = true
        MainLoop.idle { [weak self] in
            self?.refreshIsDue = false
            self?.refresh()
            return false
        }
    }

    private func refresh() {
        let found = (try? store.categories()) ?? []
        var byPath = Dictionary(uniqueKeysWithValues: found.map { ($0.path, $0) })
        // A category chosen stays in the list while it shows, even emptied.
        if let chosen, byPath[chosen] == nil { byPath[chosen] = NoteCategory(path: chosen, count: 0) }
        categories = byPath
        let wanted = [""] + byPath.keys.sorted(by: NoteCategory.listsBefore)
        refilling = true
        // The row with the keyboard goes with the others (a rename, say, behind its
        // dialog): the keyboard then goes to the chosen row, not out of the sidebar.
        let hadFocus = list?.containsFocus == true
        paths.replaceAll(with: wanted)  // every row bound again: its count may have changed
        selection.selectedPosition = showsChosen ? wanted.firstIndex(of: chosen ?? "") ?? 0 : nil
        refilling = false
        if hadFocus && list?.containsFocus == false { focus() }
        let shown = wanted.count > 1
        if shown && list == nil { buildList() }
        if root.isShown != shown {
            root.isShown = shown
            onShownChange?(shown)
        }
    }
}
