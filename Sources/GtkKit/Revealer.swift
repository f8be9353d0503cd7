import CGtk

/// A GtkRevealer: shows or hides its child with a slide.
@MainActor
public final class Revealer: Widget {
    /// A revealer with `child` (or none yet), hidden at first.
    public init(child: Widget? = nil) {
        super.init(retaining: gtk_revealer_new())
        if let child { setChild(child) }
    }

    /// The child shown or hidden.
    public func setChild(_ child: Widget) {
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

    /// Whether the child is on screen at all: true from the moment it starts
    /// to slide in until it has slid all the way out ("child-revealed").
    public var isChildRevealed: Bool { gtk_revealer_get_child_revealed(cgtk_as_revealer(objectPointer)) != 0 }
}
