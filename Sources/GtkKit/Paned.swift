import CGtk

/// A GtkPaned: two children side by side with a handle between them.
@MainActor
public final class Paned: Widget {
    /// A side-by-side pane with `start` and `end`.
    public init(start: Widget, end: Widget) {
        super.init(retaining: gtk_paned_new(GTK_ORIENTATION_HORIZONTAL))
        setChildren(start: start, end: end)
        gtk_paned_set_shrink_start_child(cgtk_as_paned(objectPointer), 0)
        gtk_paned_set_resize_start_child(cgtk_as_paned(objectPointer), 0)
    }

    /// Puts `start` and `end` in the panes; nil empties a pane (its widget can
    /// then go elsewhere).
    public func setChildren(start: Widget?, end: Widget?) {
        gtk_paned_set_start_child(cgtk_as_paned(objectPointer), start?.widgetPointer)
        gtk_paned_set_end_child(cgtk_as_paned(objectPointer), end?.widgetPointer)
    }

    /// The handle's position: the width of the start child, in pixels.
    public var position: Int32 {
        get { gtk_paned_get_position(cgtk_as_paned(objectPointer)) }
        set { gtk_paned_set_position(cgtk_as_paned(objectPointer), newValue) }
    }
}
