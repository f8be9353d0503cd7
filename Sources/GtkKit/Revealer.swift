import CGtk

/// A GtkRevealer: shows or hides its child with a slide.
@MainActor
public final class Revealer: Widget {
    /// A revealer with `child`, hidden at first.
    public init(child: Widget) {
        super.init(retaining: gtk_revealer_new())
        gtk_revealer_set_child(cgtk_as_revealer(objectPointer), child.widgetPointer)
    }

    /// Makes the child come and go by fading, in `milliseconds` (0: at once).
    public func setFade(milliseconds: UInt32) {
        gtk_revealer_set_transition_type(cgtk_as_revealer(objectPointer), GTK_REVEALER_TRANSITION_TYPE_CROSSFADE)
        gtk_revealer_set_transition_duration(cgtk_as_revealer(objectPointer), milliseconds)
    }

    /// Whether the child is shown.
    public var isRevealed: Bool {
        get { gtk_revealer_get_reveal_child(cgtk_as_revealer(objectPointer)) != 0 }
        set { gtk_revealer_set_reveal_child(cgtk_as_revealer(objectPointer), newValue ? 1 : 0) }
    }
}
