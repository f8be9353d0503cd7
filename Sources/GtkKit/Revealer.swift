import CGtk

/// A GtkRevealer: shows or hides its child with a slide.
@MainActor
public final class Revealer: Widget {
    /// A revealer with `child`, hidden at first.
    public init(child: Widget) {
        super.init(retaining: gtk_revealer_new())
        gtk_revealer_set_child(cgtk_as_revealer(objectPointer), child.widgetPointer)
    }

    /// Whether the child is shown.
    public var isRevealed: Bool {
        get { gtk_revealer_get_reveal_child(cgtk_as_revealer(objectPointer)) != 0 }
        set { gtk_revealer_set_reveal_child(cgtk_as_revealer(objectPointer), newValue ? 1 : 0) }
    }
}
