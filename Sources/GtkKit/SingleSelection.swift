import CGtk

/// A GtkSingleSelection: at most one selected row of a list model.
@MainActor
public final class SingleSelection: Object {
    /// A selection over `model`.
    public init(model: StringList) {
        super.init(adopting: cgtk_single_selection_new(model.objectPointer))
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
