import GtkKit

/// A row of the category sidebar: the category's name, indented by its
/// depth, and its count at the end. Text dropped on it (a note row's link)
/// goes to the sidebar with the row's category.
@MainActor
final class CategoryRow {
    let name = Label("")
    let count = Label("")
    let box = Box(vertical: false, spacing: 6)
    /// The category the row shows now ("" for All Notes): rows are reused.
    private(set) var path = ""
    private var contextMenu: PopoverMenu?

    /// A row; `onDrop(path, text)` hears text dropped on it, and whether it
    /// was taken; a right-click asks `menuFor(path)` for the row's menu; a
    /// (left) click is told to `onClick`, once the list has chosen the row.
    static func make(
        onDrop: @escaping @MainActor (String, String) -> Bool, menuFor: @escaping @MainActor (String) -> Menu?,
        onClick: @escaping @MainActor () -> Void
    ) -> (CategoryRow, Widget) {
        let row = CategoryRow()
        row.name.makeSingleLine()
        row.name.setExpands(horizontally: true, vertically: false)
        row.count.makeSingleLine(ellipsized: false)
        row.count.addCSSClass("dim-label")
        row.count.alignToEnd()
        row.box.append(row.name)
        row.box.append(row.count)
        row.box.onTextDrop { [weak row] text in
            guard let row else { return false }
            return onDrop(row.path, text)
        }
        row.box.onMouseButton(.primary, released: true) { _, _ in _ = MainLoop.idle { onClick(); return false } }
        row.box.onSecondaryClick { [weak row] x, y in
            guard let row, let menu = menuFor(row.path) else { return }
            row.popUp(menu, atX: x, y: y)
        }
        return (row, row.box)
    }

    /// Opens `menu` over the row, at (`x`, `y`) in it.
    func popUp(_ menu: Menu, atX x: Double, y: Double) {
        let popover = contextMenu ?? PopoverMenu(menu: menu, attachedTo: box)
        contextMenu = popover
        popover.popUp(atX: x, y: y)
    }

    /// Shows the category `path` as `title` with `count` notes, `depth` levels
    /// in; returns what a screen reader says.
    func show(_ path: String, as title: String, count notes: Int?, depth: Int) -> String {
        self.path = path
        name.text = title
        count.text = notes.map(String.init) ?? ""
        box.setHorizontalMargins(start: Int32(depth * 12), end: 0)
        return notes.map { localizedPlural("%s, %d note", "%s, %d notes", count: $0, title) } ?? title
    }
}
