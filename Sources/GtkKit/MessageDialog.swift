import CGtk

/// A libadwaita message dialog: a question over a window, answered with one
/// of its responses (buttons). Escape and closing give the close response.
/// Each response's label marks a letter with an underscore ("_Delete"):
/// Alt and that letter answer with it.
///
/// The dialog is not a `Window`: libadwaita destroys it while it emits its
/// response, and a `Window` is disposed as soon as GTK lets it go, which
/// would drop the response's handlers before they run. This wrapper's own
/// reference keeps it alive until the response has been handled.
@MainActor
public final class MessageDialog {
    private let widget: Widget
    private var dialog: UnsafeMutablePointer<AdwMessageDialog> { cgtk_as_message_dialog(widget.objectPointer) }
    private var window: UnsafeMutablePointer<GtkWindow> { cgtk_as_window(widget.objectPointer) }

    /// A dialog over `parent` (modal) asking `heading`, explaining `body` (plain
    /// text); its window title is the heading too, for window lists.
    public init(over parent: Window, heading: String, body: String) {
        widget = Widget(retaining: adw_message_dialog_new(parent.windowPointer, heading, body))
        gtk_window_set_title(window, heading)
        gtk_window_set_destroy_with_parent(window, 1)  // a question about a window goes with it
    }

    /// Adds a response `id` with the button `label`; a destructive one is red.
    public func addResponse(_ id: String, label: String, isDestructive: Bool = false) {
        adw_message_dialog_add_response(dialog, id, label)
        if isDestructive { adw_message_dialog_set_response_appearance(dialog, id, ADW_RESPONSE_DESTRUCTIVE) }
    }

    /// The response Return gives (its button has the focus), and the one Escape gives.
    public func setResponses(default defaultID: String, close closeID: String) {
        adw_message_dialog_set_default_response(dialog, defaultID)
        adw_message_dialog_set_close_response(dialog, closeID)
    }

    /// Calls `handler` with the response once the dialog is answered or closed,
    /// at the next idle moment: libadwaita is done with the dialog by then, so
    /// the handler may drop it, or close the window it was over.
    public func onResponse(_ handler: @escaping @MainActor (String) -> Void) {
        widget.connectWithString("response") { [weak self] response in
            guard let self else { return }
            // Answered: the dialog no longer hangs on its window, which the handler may close.
            gtk_window_set_transient_for(window, nil)
            MainLoop.idle {
                handler(response)
                _ = self  // kept until the handler has run
                return false
            }
        }
    }

    /// Puts `child` under the dialog's text (an entry for an answer, say).
    public func setExtraChild(_ child: Widget) {
        adw_message_dialog_set_extra_child(dialog, child.widgetPointer)
    }

    /// Answers the dialog with the response `id`, as its button would, and closes it.
    public func respond(_ id: String) {
        adw_message_dialog_response(dialog, id)
        gtk_window_close(window)
    }

    /// Marks the response `id` as the one suggested (its button blue).
    public func suggest(_ id: String) {
        adw_message_dialog_set_response_appearance(dialog, id, ADW_RESPONSE_SUGGESTED)
    }

    /// Shows the dialog.
    public func present() { gtk_window_present(window) }
}
