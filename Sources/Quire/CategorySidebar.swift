import Foundation
import GtkKit
import NoteModel

/// A main window's categories, beside its list of notes: All Notes first,
/// then each category (a nested one indented under its parent) with how many
/// notes it holds, in libadwaita's navigation-sidebar style. Choosing one
/// shows its notes in the list. It shows only once there are categories (or
/// one is chosen), and follows the notes as they are filed.
@MainActor
final class CategorySidebar {
    /// The sidebar, scrolling.
    let root = ScrolledWindow()
    /// Called when the person chooses a category (nil: All Notes).
    var onChoose: (@MainActor (String?) -> Void)?
    /// Called when the sidebar shows or hides.
    var onShownChange: (@MainActor (Bool) -> Void)?

    private let store: NoteStore
    /// The rows' categories: "" for All Notes, a category's path otherwise.
    private let paths = StringList()
    private let selection: SingleSelection
    private var list: ListView<CategoryRow>!
    private var categories: [String: NoteCategory] = [:]
    private var observation: NoteObservation?
    private var refreshIsDue = false
    /// Set while the rows are put in again, when the selection moves on its own.
    private var refilling = false

    /// The category chosen (nil: All Notes).
    private(set) var chosen: String?
    /// How wide the sidebar is, in pixels.
    static let width: Int32 = 150

    init(store: NoteStore) {
        self.store = store
        selection = SingleSelection(model: paths)
        list = ListView(selection: selection, makeRow: { CategoryRow.make() }) { [weak self] row, path in
            let category = self?.categories[path]
            return row.show(path.isEmpty ? localized("All Notes") : category?.name ?? path, count: category?.count, depth: category?.depth ?? 0)
        }
        list.addCSSClass("navigation-sidebar")
        list.setAccessibleLabel(localized("Categories"))
        root.setChild(list)
        root.setExpands(horizontally: false, vertically: true)
        root.setMinimumWidth(CategorySidebar.width)
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

    /// Shows the category `path` (nil: All Notes), as if chosen.
    func choose(_ path: String?) {
        chosen = path.flatMap { $0.isEmpty ? nil : $0 }
        refresh()
    }

    /// Puts the keyboard in the sidebar, on the category shown.
    func focus() { list.focusList { _ in true } }

    private func selectionChanged() {
        guard !refilling, let position = selection.selectedPosition, let path = paths.string(at: position) else { return }
        let picked = path.isEmpty ? nil : path
        guard picked != chosen else { return }
        chosen = picked
        onChoose?(picked)
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
        let wanted = [""] + byPath.keys.sorted { $0.localizedStandardCompare($1) == .orderedAscending }
        refilling = true
        paths.replaceAll(with: wanted)  // every row bound again: its count may have changed
        selection.selectedPosition = wanted.firstIndex(of: chosen ?? "") ?? 0
        refilling = false
        let shown = wanted.count > 1
        if root.isShown != shown {
            root.isShown = shown
            onShownChange?(shown)
        }
    }
}
