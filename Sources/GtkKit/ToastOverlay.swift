import CGtk

/// A libadwaita toast overlay: shows `Toast`s at the bottom of its child, one
/// at a time, in the order they came (an urgent one first).
@MainActor
public final class ToastOverlay: Widget {
    /// An overlay over `child`.
    public init(child: Widget) {
        super.init(retaining: adw_toast_overlay_new())
        adw_toast_overlay_set_child(cgtk_as_toast_overlay(objectPointer), child.widgetPointer)
    }

    /// Shows `toast` (or queues it behind the one showing).
    public func show(_ toast: Toast) {
        // The overlay takes a reference of its own (transfer full); the wrapper keeps its one.
        g_object_ref(toast.objectPointer)
        adw_toast_overlay_add_toast(cgtk_as_toast_overlay(objectPointer), cgtk_as_toast(toast.objectPointer))
    }
}
