import CGtk

/// A libadwaita scrollable clamp: keeps a scrollable child (a text view) at
/// most `maximumWidth` wide, centred, so long lines stay readable in a wide
/// window. It goes inside a `ScrolledWindow`, around the child.
@MainActor
public final class ClampScrollable: Widget {
    /// A clamp around `child`, at most `maximumWidth` pixels wide; below
    /// `tighteningThreshold` the child takes all the width there is.
    public init(child: Widget, maximumWidth: Int32, tighteningThreshold: Int32) {
        super.init(retaining: adw_clamp_scrollable_new())
        adw_clamp_scrollable_set_child(cgtk_as_clamp_scrollable(objectPointer), child.widgetPointer)
        adw_clamp_scrollable_set_maximum_size(cgtk_as_clamp_scrollable(objectPointer), maximumWidth)
        adw_clamp_scrollable_set_tightening_threshold(cgtk_as_clamp_scrollable(objectPointer), tighteningThreshold)
    }
}
