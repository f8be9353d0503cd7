import CGtk

/// A GtkSingleSelection: at most one selected row of a list model.
@MainActor
public final class SingleSelection: Object {
    /// A selection over `model`.
    public init(model: StringList) {
        super.init(adopting: quire_single_selection_new(model.objectPointer))
    }

    /// The selected position, or nil if nothing is selected.
    public var selectedPosition: Int? {
        get {
            let position = quire_single_selection_get(objectPointer)
            return position == quire_invalid_list_position() ? nil : Int(position)
        }
        set { quire_single_selection_set(objectPointer, newValue.map { guint($0) } ?? quire_invalid_list_position()) }
    }

    /// Calls `handler` whenever the selected position changes.
    @discardableResult
    public func onSelectionChanged(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        observe(property: "selected", handler)
    }
}
