import CGtk

/// A GtkSingleSelection: at most one selected row of a list model.
@MainActor
public final class SingleSelection: Object {
    /// A selection over `model`. Unless `alwaysSelects` is false, a row is
    /// always selected while there are rows (GTK's autoselect): setting no
    /// position then leaves the selection as it was.
    public init(model: StringList, alwaysSelects: Bool = true) {
        super.init(adopting: cgtk_single_selection_new(model.objectPointer))
        if !alwaysSelects { cgtk_single_selection_set_autoselect(objectPointer, 0) }
    }

    /// The selected position, or nil if nothing is selected.
    public var selectedPosition: Int? {
        get {
            let position = cgtk_single_selection_get(objectPointer)
            return position == cgtk_invalid_list_position() ? nil : Int(position)
        }
        set { cgtk_single_selection_set(objectPointer, newValue.map { guint($0) } ?? cgtk_invalid_list_position()) }
    }

    /// Calls `handler` whenever the selected position changes.
    @discardableResult
    public func onSelectionChanged(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        observe(property: "selected", handler)
    }
}
