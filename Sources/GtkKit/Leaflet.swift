import CGtk

/// A libadwaita leaflet, kept folded: its children one at a time, the next one
/// sliding in over the last, as a narrow window shows a list and then what was
/// picked in it. Swiping back, Alt+Left and the mouse's back button go back.
@MainActor
public final class Leaflet: Widget {
    /// An empty leaflet that never shows its children side by side.
    public init() {
        super.init(retaining: adw_leaflet_new())
        adw_leaflet_set_can_unfold(leaflet, 0)
        adw_leaflet_set_can_navigate_back(leaflet, 1)
    }

    private var leaflet: OpaquePointer { cgtk_as_leaflet(objectPointer) }

    /// Adds `child` after the others.
    public func append(_ child: Widget) { _ = adw_leaflet_append(leaflet, child.widgetPointer) }

    /// Takes `child` out (it can then go elsewhere).
    public func remove(_ child: Widget) { adw_leaflet_remove(leaflet, child.widgetPointer) }

    /// Shows `child`, sliding it in (at once while the leaflet is not on screen).
    public func show(_ child: Widget) { adw_leaflet_set_visible_child(leaflet, child.widgetPointer) }

    /// Whether `child` is the one shown.
    public func isShowing(_ child: Widget) -> Bool {
        adw_leaflet_get_visible_child(leaflet) == child.widgetPointer
    }

    /// Calls `handler` whenever another child is shown (by `show(_:)` or by going back).
    @discardableResult
    public func onShownChildChanged(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        observe(property: "visible-child", handler)
    }
}
