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

    /// The handle's position: the width of the start child, in pixels. GTK
    /// cuts it to `maximumPosition` when the pane gets too narrow for it, and
    /// keeps it so when the pane widens again.
    public var position: Int32 {
        get { gtk_paned_get_position(cgtk_as_paned(objectPointer)) }
        set { gtk_paned_set_position(cgtk_as_paned(objectPointer), newValue) }
    }

    /// The furthest the handle can go in the pane's present width.
    public var maximumPosition: Int32 { cgtk_paned_max_position(objectPointer) }

    /// Calls `handler` whenever the position changes: dragged, set, or cut by GTK.
    @discardableResult
    public func onPositionChanged(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        observe(property: "position", handler)
    }
}
