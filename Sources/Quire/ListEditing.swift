import GtkKit
import NoteModel

/// Lists and checklists in the editor, as a note-taker expects them:
///
/// - Return on a list item starts the next one (the same bullet, the next
///   number, an unchecked box for a task); Return on an empty item ends the list.
/// - Ctrl+Return on a task's line, or a click on its box, checks or unchecks
///   it; on any other line (a heading aside), Ctrl+Return makes it a task.
/// - Tab and Shift+Tab indent and outdent a list item.
///
/// Each is one edit of the text, one step for Undo, saved and shown in the
/// other windows like typing.
@MainActor
enum ListEditing {
    /// Gives `view` the keys and the click above.
    static func attach(to view: TextView) {
        view.onKeyPress { [weak view] key in
            guard let view, view.isEditable, !key.alt, !key.otherModifiers,
                  ["Return", "KP_Enter", "Tab", "ISO_Left_Tab"].contains(key.name) else { return false }
            // A Return that ends a composition (Japanese, Chinese) is the input method's.
            if view.inputMethodTakes(key) { return true }
            let buffer = view.buffer
            switch key.name {
            case "Return", "KP_Enter":
                if key.control && !key.shift { return toggleOrMakeTask(onLineOf: buffer.cursorOffset, in: buffer) }
                return key.isPlain && continueList(in: buffer)
            case "Tab": return key.isPlain && indent(in: buffer, outward: false)
            default: return key.shift && !key.control && indent(in: buffer, outward: true)
            }
        }
        view.onMousePressFirst(.primary) { [weak view] x, y, control in
            guard let view, view.isEditable, !control, let offset = view.textOffset(atX: x, y: y),
                  let (item, start, _, _) = item(at: offset, in: view.buffer), let mark = item.boxMarkOffset,
                  abs(offset - (start + Int32(mark))) <= 1  // on "[", the mark or "]"
            else { return }
            toggle(item, startingAt: start, in: view.buffer)
        }
    }

    /// The list item on the line holding `offset`, with the line's bounds and text.
    private static func item(at offset: Int32, in buffer: TextBuffer) -> (MarkdownListItem, start: Int32, end: Int32, text: String)? {
        let line = buffer.line(containing: offset)
        return MarkdownListItem(line: line.text).map { ($0, line.start, line.end, line.text) }
    }

    /// Checks or unchecks the task on the line holding `offset`. Any other line
    /// becomes an unchecked task: a list item gains a box (`- milk` reads
    /// `- [ ] milk`), other text a bullet and a box after its indent, and an
    /// empty line starts a checklist. A heading stays as it is. Ctrl+Return
    /// never breaks the line, as GTK's own Ctrl+Return would.
    private static func toggleOrMakeTask(onLineOf offset: Int32, in buffer: TextBuffer) -> Bool {
        let line = buffer.line(containing: offset)
        if let item = MarkdownListItem(line: line.text) {
            if item.isChecked != nil {
                toggle(item, startingAt: line.start, in: buffer)
            } else {
                let afterMarker = item.indent.count + item.marker.count  // a bare "-" gets its blank too
                let box = afterMarker == line.text.count ? " [ ] " : " [ ]"
                buffer.asOneUserAction { buffer.insert(box, atOffset: line.start + Int32(afterMarker)) }
            }
            return true
        }
        let indent = line.text.prefix { $0 == " " || $0 == "\t" }
        guard MarkdownHeading.level(of: line.text.dropFirst(indent.count)) == nil else { return true }
        buffer.asOneUserAction { buffer.insert("- [ ] ", atOffset: line.start + Int32(indent.count)) }
        return true
    }

    /// Checks or unchecks the task `item`, on the line starting at `start`.
    private static func toggle(_ item: MarkdownListItem, startingAt start: Int32, in buffer: TextBuffer) {
        guard let checked = item.isChecked, let mark = item.boxMarkOffset else { return }
        let at = start + Int32(mark)
        buffer.asOneUserAction {
            buffer.delete(fromOffset: at, length: 1)
            buffer.insert(checked ? " " : "x", atOffset: at)
        }
    }

    /// Return on a list item: the next item, or the end of the list if this one is empty.
    private static func continueList(in buffer: TextBuffer) -> Bool {
        let cursor = buffer.cursorOffset
        guard !buffer.hasSelection, let (item, start, end, text) = item(at: cursor, in: buffer),
              cursor - start >= Int32(item.contentOffset) || cursor == end else { return false }
        buffer.asOneUserAction {
            if item.isEmpty(in: text) {
                buffer.delete(fromOffset: start, length: end - start)
            } else {
                buffer.insert("\n" + item.continuation, atOffset: cursor)
            }
        }
        return true
    }

    /// Tab on a list item indents it one level (to where its text starts);
    /// Shift+Tab takes one level back. False on any other line.
    private static func indent(in buffer: TextBuffer, outward: Bool) -> Bool {
        guard !buffer.hasSelection, let (item, start, _, _) = item(at: buffer.cursorOffset, in: buffer) else { return false }
        buffer.asOneUserAction {
            if !outward {
                buffer.insert(String(repeating: " ", count: item.indentStep), atOffset: start)
            } else if item.indent.hasPrefix("\t") {
                buffer.delete(fromOffset: start, length: 1)
            } else {
                let blanks = item.indent.prefix { $0 == " " }.count
                buffer.delete(fromOffset: start, length: Int32(min(blanks, item.indentStep)))
            }
        }
        return true
    }
}
