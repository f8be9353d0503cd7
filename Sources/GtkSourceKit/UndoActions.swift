import CGtkSource
import GtkKit

/// A source view's Undo and Redo (its context menu's items, and GTK's key
/// bindings for them) on the buffer's own history, which survives changes from
/// elsewhere (see `TextBuffer.keepOwnUndoHistory()`): each available only
/// when there is a step to take.
@MainActor
final class UndoActions {
    private weak var view: TextView?

    /// Keeps `view`'s buffer's history (and its keys), and its actions'
    /// availability with it.
    func attach(to view: TextView) {
        self.view = view
        view.keepOwnUndoHistory()
        view.buffer.onUndoAvailabilityChange = { [weak self] in self?.updateAvailability() }
        // The view sets its Undo and Redo by GTK's history (which it does not
        // keep) as the cursor moves, and as its context menu opens: they are
        // set again after it.
        view.buffer.onCursorMoved { [weak self] in self?.updateAvailability() }
        view.onMousePressFirst(.secondary) { [weak self] _, _, _ in self?.updateAvailabilitySoon() }
        view.onKeyPress { [weak self] key in
            if key.name == "Menu" || (key.name == "F10" && key.shift) { self?.updateAvailabilitySoon() }
            return false
        }
        updateAvailability()
    }

    /// Undo, or Redo, asked for from the view's context menu.
    func step(redo: Bool) { view?.stepUndo(redo: redo) }

    private func updateAvailabilitySoon() {
        MainLoop.idle { [weak self] in
            self?.updateAvailability()
            return false
        }
    }

    private func updateAvailability() {
        guard let view else { return }
        let widget = cgtk_as_widget(view.objectPointer)
        gtk_widget_action_set_enabled(widget, "text.undo", view.buffer.canUndo ? 1 : 0)
        gtk_widget_action_set_enabled(widget, "text.redo", view.buffer.canRedo ? 1 : 0)
    }
}
