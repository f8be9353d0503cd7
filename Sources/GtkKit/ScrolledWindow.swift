import CGtk

/// A GtkScrolledWindow: scrolls one child.
@MainActor
public final class ScrolledWindow: Widget {
    /// An empty scrolled window.
    public init() {
        super.init(retaining: gtk_scrolled_window_new())
    }

    /// The scrolled child.
    public func setChild(_ child: Widget?) {
        gtk_scrolled_window_set_child(quire_as_scrolled_window(objectPointer), child?.widgetPointer)
    }
}
