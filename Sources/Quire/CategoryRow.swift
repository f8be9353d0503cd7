import GtkKit

/// A row of the category sidebar: the category's name, indented by its
/// depth, and its count at the end.
@MainActor
final class CategoryRow {
    let name = Label("")
    let count = Label("")
    let box = Box(vertical: false, spacing: 6)

    static func make() -> (CategoryRow, Widget) {
        let row = CategoryRow()
        row.name.makeSingleLine()
        row.name.setExpands(horizontally: true, vertically: false)
        row.count.makeSingleLine(ellipsized: false)
        row.count.addCSSClass("dim-label")
        row.count.alignToEnd()
        row.box.append(row.name)
        row.box.append(row.count)
        return (row, row.box)
    }

    /// Shows `title` with `count` notes, `depth` levels in; returns what a screen reader says.
    func show(_ title: String, count notes: Int?, depth: Int) -> String {
        name.text = title
        count.text = notes.map(String.init) ?? ""
        box.setHorizontalMargins(start: Int32(depth * 12), end: 0)
        return notes.map { localizedPlural("%s, %d note", "%s, %d notes", count: $0).replacing("%s", with: title) } ?? title
    }
}
