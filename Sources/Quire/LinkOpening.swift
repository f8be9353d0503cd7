import Foundation
import GtkKit
import NoteModel

/// Ctrl+click on a link in the editor opens it: a `quire://note/…` link the
/// note's own window, any other address the desktop's handler for it (the
/// browser, the mail app). A plain click only places the cursor, as typing
/// needs.
@MainActor
enum LinkOpening {
    /// Makes Ctrl+click on `view`'s links open them; `openNote` shows a note.
    static func attach(to view: TextView, openNote: @escaping @MainActor (UUID) -> Void) {
        view.onMousePressFirst(.primary) { [weak view] x, y, control in
            guard control, let view, let offset = view.textOffset(atX: x, y: y) else { return }
            let line = view.buffer.line(containing: offset)
            guard let target = MarkdownLink.target(in: line.text, at: Int(offset - line.start)) else { return }
            if let url = URL(string: target), let noteID = NoteLink.noteID(in: url) {
                openNote(noteID)
            } else {
                DesktopLauncher.open(target)
            }
        }
    }
}
