import CGtk

/// A GtkMultiSelection: any number of selected rows of a list model. A list
/// view over it selects as GNOME's lists do: a click one row, Ctrl+click
/// one more (or one less), Shift+click and Shift+arrows a range, Ctrl+A all.
@MainActor
public final class MultiSelection: Object {
    /// A selection over `model`, nothing selected.
    public init(model: StringList) {
        super.init(adopting: cgtk_multi_selection_new(model.objectPointer))
    }

    /// The selected positions, in order; setting selects exactly those.
    public var selectedPositions: [Int] {
        get {
            var positions = [guint](repeating: 0, count: 16)
            var count = Int(cgtk_selection_get_positions(objectPointer, &positions, guint(positions.count)))
            if count > positions.count {
                positions = [guint](repeating: 0, count: count)
                count = Int(cgtk_selection_get_positions(objectPointer, &positions, guint(positions.count)))
            }
            return positions.prefix(count).map(Int.init)
        }
        set {
            let positions = newValue.map { guint($0) }
            cgtk_selection_set_positions(objectPointer, positions, guint(positions.count))
        }
    }

    /// Calls `handler` whenever rows are selected or unselected.
    @discardableResult
    public func onSelectionChanged(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        connectWithSize("selection-changed") { _, _ in handler() }  // (position, count): the range that changed
    }
}
