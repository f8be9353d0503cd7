import CGtk

/// libadwaita's header bar: the title bar at the top of a window's content,
/// with the window's title, its controls, and widgets packed at either end.
@MainActor
public final class HeaderBar: Widget {
    /// An empty header bar showing the window's title and controls.
    public init() {
        super.init(retaining: adw_header_bar_new())
    }

    /// Puts `widget` at the end (the right, in left-to-right languages).
    public func packEnd(_ widget: Widget) {
        adw_header_bar_pack_end(cgtk_as_adw_header_bar(objectPointer), widget.widgetPointer)
    }

    /// Puts `widget` at the start.
    public func packStart(_ widget: Widget) {
        adw_header_bar_pack_start(cgtk_as_adw_header_bar(objectPointer), widget.widgetPointer)
    }
}
