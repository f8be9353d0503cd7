import CGtk

/// A GtkBox: children in a row or a column.
@MainActor
public final class Box: Widget {
    /// An empty box laying out children vertically (or horizontally), `spacing` pixels apart.
    public init(vertical: Bool, spacing: Int32 = 0) {
        super.init(retaining: gtk_box_new(vertical ? GTK_ORIENTATION_VERTICAL : GTK_ORIENTATION_HORIZONTAL, spacing))
    }

    /// Adds `child` at the end.
    public func append(_ child: Widget) { gtk_box_append(cgtk_as_box(objectPointer), child.widgetPointer) }

    /// Adds `child` at the start.
    public func prepend(_ child: Widget) { gtk_box_prepend(cgtk_as_box(objectPointer), child.widgetPointer) }

    /// Takes `child` out of the box (it can then go elsewhere).
    public func remove(_ child: Widget) { gtk_box_remove(cgtk_as_box(objectPointer), child.widgetPointer) }

    /// Adds `child` right after `sibling`, one of the box's children.
    public func insert(_ child: Widget, after sibling: Widget) {
        gtk_box_insert_child_after(cgtk_as_box(objectPointer), child.widgetPointer, sibling.widgetPointer)
    }
}
