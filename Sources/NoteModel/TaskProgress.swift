/// How far a note's checklist has got: how many of its task items
/// (`- [ ] …`, `- [x] …`) are checked, of how many. A list row shows it ("3/5").
public struct TaskProgress: Equatable, Sendable {
    /// Checked items.
    public let done: Int
    /// All task items.
    public let total: Int

    /// The task items of `body`, or nil if it has none. Only lines holding a
    /// "[" are read as list items, so a long note without tasks costs one pass.
    public init?(body: String) {
        var done = 0
        var total = 0
        for line in body.split(whereSeparator: \.isNewline) where line.contains("[") {
            guard let checked = MarkdownListItem(line: String(line))?.isChecked else { continue }
            total += 1
            if checked { done += 1 }
        }
        guard total > 0 else { return nil }
        self.done = done
        self.total = total
    }

    /// The SQL condition a body must meet to have any task item: a box, "[ ]",
    /// "[x]" or "[X]", found in one pass (cheap for SQLite, so only such bodies
    /// are read whole).
    static let sqlFilter = "body GLOB '*[[][ xX][]]*'"
}
