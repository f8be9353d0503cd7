import GtkKit
import NoteModel

/// Under the search field of a window showing a category, while a search is
/// typed: where the search looks, in the category shown (at first) or in all
/// notes, as two linked toggles.
@MainActor
final class SearchScopeBar {
    let root = Box(vertical: false)
    private let inCategory = ToggleButton(plainLabel: "", tooltip: localized("Search the category shown and the categories inside it"))
    private let everywhere = ToggleButton(plainLabel: localized("All Notes"), tooltip: localized("Search every note"))
    /// Called when the person picks the other place to search.
    var onChange: (@MainActor () -> Void)?
    /// The category the first toggle searches.
    private var category: String?

    init() {
        everywhere.group(with: inCategory)
        inCategory.isActive = true
        for toggle in [inCategory, everywhere] {
            toggle.setExpands(horizontally: true, vertically: false)
            root.append(toggle)
            toggle.onToggled { [weak self, weak toggle] in
                if toggle?.isActive == true { self?.onChange?() }
            }
        }
        root.addCSSClass("linked")
        root.setHorizontalMargins(start: 6, end: 6)
        root.setAccessibleLabel(localized("Search in"))
        root.isShown = false
    }

    /// Whether the search covers every note, not only the category shown.
    var searchesEverywhere: Bool { everywhere.isActive }

    /// Shows the bar for a search in `category` (hidden for nil); a new
    /// category is searched in itself first.
    func show(for category: String?, searching: Bool) {
        if let category, category != self.category {
            inCategory.setPlainLabel(NoteCategory(path: category, count: 0).name)
            inCategory.isActive = true
        }
        self.category = category
        root.isShown = category != nil && searching
    }
}
