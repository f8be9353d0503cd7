import CGtk

/// What a widget offers when it is dragged: text, such as a link to what the
/// widget shows, which another widget (`Widget.onTextDrop`) or another app
/// may take. While dragged, the widget's own look follows the pointer.
@MainActor
public final class TextDragSource: Object {
    /// Lets `widget` be dragged; it offers nothing until given `text`.
    public init(on widget: Widget) {
        super.init(retaining: cgtk_widget_add_drag_source(widget.objectPointer))
    }

    /// The text the next drag offers (nil: the widget cannot be dragged).
    public var text: String? {
        didSet { if text != oldValue { cgtk_drag_source_offer_text(objectPointer, text) } }
    }

    /// Calls `handler` when a drag is let go where nothing takes drops (the
    /// desktop's background; in this app's windows, wherever no widget takes
    /// the text).
    @discardableResult
    public func onDroppedNowhere(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        connectBoxed(handler) { data, release in
            cgtk_signal_connect_drag_cancel(objectPointer, { _, _, reason, data in
                if reason == GDK_DRAG_CANCEL_NO_TARGET {
                    MainActor.assumeIsolated { ClosureBox<@MainActor () -> Void>.from(data).closure() }
                }
                return 0  // GTK still shows the drag going back
            }, data, release)
        }
    }
}
