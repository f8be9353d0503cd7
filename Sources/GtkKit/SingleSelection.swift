import CGtk

/// A GtkSingleSelection: at most one selected row of a list model.
@MainActor
public final class SingleSelection: Object {
    /// A selection over `model`.
    public init(model: StringListModel) {
        self.model = model
        super.init(adopting: cgtk_single_selection_new(model.objectPointer))
    }

    /// The list the selection is over; setting another shows it in the list
    /// views over the selection, whose rows are all bound again.
    public var model: StringListModel {
        didSet {
            guard model !== oldValue else { return }
            cgtk_single_selection_set_model(objectPointer, model.objectPointer)
        }
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
