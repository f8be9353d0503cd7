import CGtk

/// The first strings of another list (a GtkSliceListModel): the same items,
/// following the other list's changes, up to `size` of them. A list view can
/// show a few rows of a long list first and then all of it, without building
/// again the rows it shows.
@MainActor
public final class StringListSlice: StringListModel {
    /// The first `size` strings of `list`.
    public init(of list: StringListModel, size: Int) {
        self.size = size
        super.init(adopting: cgtk_slice_list_model_new(list.objectPointer, guint(clamping: size)))
    }

    /// How many of the other list's strings it shows at most (`Int.max`: all).
    public var size: Int {
        didSet { cgtk_slice_list_model_set_size(objectPointer, guint(clamping: size)) }
    }
}
