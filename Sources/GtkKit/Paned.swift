import CGtk

/// A GtkPaned: two children side by side with a handle between them.
@MainActor
public final class Paned: Widget {
    /// A side-by-side pane with `start` and `end`.
    public init(start: Widget, end: Widget) {
        super.init(retaining: gtk_paned_new(GTK_ORIENTATION_HORIZONTAL))
        gtk_paned_set_start_child(quire_as_paned(objectPointer), start.widgetPointer)
        gtk_paned_set_end_child(quire_as_paned(objectPointer), end.widgetPointer)
        gtk_paned_set_shrink_start_child(quire_as_paned(objectPointer), 0)
        gtk_paned_set_resize_start_child(quire_as_paned(objectPointer), 0)
    }

    /// The handle's position: the width of the start child, in pixels.
    public var position: Int32 {
        get { gtk_paned_get_position(quire_as_paned(objectPointer)) }
        set { gtk_paned_set_position(quire_as_paned(objectPointer), newValue) }
    }
}
