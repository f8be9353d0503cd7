import CGtk
import GtkKit
import Testing
import TestSupport

/// The editor's Undo and Redo actions (its context menu's items) work on the
/// buffer's own history, which a change from elsewhere leaves in place, and
/// are available only when there is a step to take.
@MainActor
@Suite("Editor's Undo and Redo actions", .serialized)
struct UndoActionsTests {
    init() throws {
        try #require(Toolkit.initialize(), "GTK needs a display: run ./meson-wrapper.sh test")
        FatalLogMessages.handle()
    }

    private func activate(_ action: String, in view: TextView) {
        _ = gtk_widget_activate_action_variant(cgtk_as_widget(view.objectPointer), action, nil)
    }

    @Test("text.undo and text.redo take the buffer's own steps, past a change from elsewhere, and not in a read-only view")
    func actionsUseTheOwnHistory() throws {
        let (window, view) = try StyledEditor.shown()
        defer { window.destroy() }
        let buffer = view.buffer
        buffer.text = "Notes"
        #expect(!buffer.canUndo)
        for (index, character) in " one".enumerated() {
            buffer.asOneUserAction { buffer.insert(String(character), atOffset: 5 + Int32(index)) }
        }
        #expect(buffer.canUndo)
        activate("text.undo", in: view)
        #expect(buffer.text == "Notes")
        buffer.withoutUndo { buffer.insert("Top ", atOffset: 0) }  // saved by another Quire, merged in
        activate("text.redo", in: view)
        #expect(buffer.text == "Top Notes one")
        view.isEditable = false
        activate("text.undo", in: view)
        #expect(buffer.text == "Top Notes one", "a read-only note is never changed")
        view.isEditable = true
        activate("text.undo", in: view)
        activate("text.undo", in: view)
        #expect(buffer.text == "Top Notes", "Undo takes this view's word back, never the other's text")
    }
}
