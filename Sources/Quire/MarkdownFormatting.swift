import FoundationEssentials
import GtkKit
import NoteModel

/// The formatting keys and the editor's right-click menu: Ctrl+B bold,
/// Ctrl+I italic, Ctrl+K link, Shift+Ctrl+X strikethrough, Ctrl+E code put
/// the Markdown marks around the selection (or the word at the cursor), or
/// take them off (`MarkdownMarkToggle`); Bold, Italic, Link and Open Link in
/// the right-click menu. Each is one edit, one step for Undo, saved and shown
/// in the other windows like typing.
@MainActor
enum MarkdownFormatting {
    /// Gives `view` the keys and the menu items; `openNote` shows a note a link leads to.
    static func attach(to view: TextView, openNote: @escaping @MainActor (UUID) -> Void) {
        view.onKeyPress { [weak view] key in
            guard let view, view.isEditable, key.control, !key.alt, !key.otherModifiers, let mark = mark(for: key) else { return false }
            toggle(mark, in: view.buffer)
            view.keepCursorInView()
            return true
        }
        // The link the menu opens on (right-clicked, or at the cursor), for Open Link.
        let clicked = LinkTarget()
        view.onContextMenu { [weak view] offset in
            guard let view else { return }
            clicked.address = LinkOpening.target(atOffset: offset, in: view)
            view.setExtraMenuItem("open-link", enabled: clicked.address != nil)
        }
        view.setExtraMenu([
            (localized("_Bold"), "bold", { [weak view] in if let view, view.isEditable { toggle(.bold, in: view.buffer) } }),
            (localized("_Italic"), "italic", { [weak view] in if let view, view.isEditable { toggle(.italic, in: view.buffer) } }),
            (localized("_Link"), "link", { [weak view] in if let view, view.isEditable { toggle(.link, in: view.buffer) } }),
            (localized("_Open Link"), "open-link", { if let address = clicked.address { LinkOpening.open(address, openNote: openNote) } }),
        ])
    }

    /// The mark a formatting key toggles, if `key` is one.
    static func mark(for key: KeyPress) -> MarkdownMark? {
        switch (key.name.lowercased(), key.shift) {
        case ("b", false): .bold
        case ("i", false): .italic
        case ("k", false): .link
        case ("e", false): .code
        case ("x", true): .strikethrough
        default: nil
        }
    }

    /// Toggles `mark` on the buffer's selection, or the word at its cursor,
    /// as one Undo step; keeps the selection inside the marks, or the cursor
    /// where it was (or past the closing marks it ends), and selects a new
    /// link's address.
    static func toggle(_ mark: MarkdownMark, in buffer: TextBuffer) {
        let (insert, bound) = buffer.selectionOffsets
        let first = buffer.line(containing: min(insert, bound))
        let last = insert == bound ? first : buffer.line(containing: max(insert, bound))
        let text = buffer.text(fromOffset: first.start, toOffset: last.end)
        let toggle = MarkdownMarkToggle(
            mark, in: text, selection: Int(min(insert, bound) - first.start)..<Int(max(insert, bound) - first.start))
        let at = first.start + Int32(toggle.change.offset)
        if toggle.change.length > 0 || !toggle.change.replacement.isEmpty {
            buffer.asOneUserAction {
                if toggle.change.length > 0 { buffer.delete(fromOffset: at, length: Int32(toggle.change.length)) }
                if !toggle.change.replacement.isEmpty { buffer.insert(toggle.change.replacement, atOffset: at) }
            }
        }
        buffer.select(insert: first.start + Int32(toggle.selection.upperBound), bound: first.start + Int32(toggle.selection.lowerBound))
    }

    /// Where the link the menu last opened on leads (nil: it was not on a link).
    private final class LinkTarget {
        var address: String?
    }
}
