import FoundationEssentials
import GtkKit
import NoteModel

/// Opening a link in the editor: Ctrl+click on it, or Open Link in the
/// right-click menu. A `quire://note/…` link opens the note's own window,
/// any other address the desktop's handler for it (the browser, the mail
/// app). A plain click only places the cursor, as typing needs.
@MainActor
enum LinkOpening {
    /// Makes Ctrl+click on `view`'s links open them; `openNote` shows a note.
    static func attach(to view: TextView, openNote: @escaping @MainActor (UUID) -> Void) {
        view.onMousePressFirst(.primary) { [weak view] x, y, control in
            guard control, let view, let target = target(atX: x, y: y, in: view) else { return }
            open(target, openNote: openNote)
        }
    }

    /// The address of the link at (`x`, `y`) in `view`, if there is one.
    static func target(atX x: Double, y: Double, in view: TextView) -> String? {
        target(atOffset: view.textOffset(atX: x, y: y), in: view)
    }

    /// The address of the link at the character `offset` of `view`'s text, if there is one.
    static func target(atOffset offset: Int32?, in view: TextView) -> String? {
        guard let offset else { return nil }
        let line = view.buffer.line(containing: offset)
        return MarkdownLink.target(in: line.text, at: Int(offset - line.start))
    }

    /// Opens the link to `target`: a note's window, or the desktop's handler.
    static func open(_ target: String, openNote: @MainActor (UUID) -> Void) {
        if let url = URL(string: target), let noteID = NoteLink.noteID(in: url) {
            openNote(noteID)
        } else {
            DesktopLauncher.open(target)
        }
    }
}
