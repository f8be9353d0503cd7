import GtkKit
import GtkSourceKit
import NoteModel

/// Lists and checklists in the editor, as a note-taker expects them:
///
/// - Return on a list item starts the next one (the same bullet, the next
///   number, an unchecked box for a task); Return on an empty item ends the list.
/// - Ctrl+Return on a task's line, or a click on its box, checks or unchecks
///   it; on any other line (a heading aside), Ctrl+Return makes it a task.
/// - Tab and Shift+Tab indent and outdent a list item; a numbered one is
///   numbered in the list it joins (a sub-list starts at 1), and the items
///   after it in both lists are numbered on.
/// - Backspace right after an item's marker (and box) takes them off at
///   once: Return then Backspace leaves a plain line, not a stray "-".
///
/// Each is one edit of the text, one step for Undo, saved and shown in the
/// other windows like typing. Inside a fenced code block none of them
/// applies: a line there that looks like an item is code.
@MainActor
enum ListEditing {
    /// Gives `view` the keys and the click above.
    static func attach(to view: TextView) {
        view.onKeyPress { [weak view] key in
            guard let view, view.isEditable, !key.alt, !key.otherModifiers,
                  ["Return", "KP_Enter", "Tab", "ISO_Left_Tab", "BackSpace"].contains(key.name) else { return false }
            // A Return that ends a composition (Japanese, Chinese) is the input method's.
            if view.inputMethodTakes(key) { return true }
            let buffer = view.buffer
            let handled = switch key.name {
            case "Return", "KP_Enter":
                key.control && !key.shift ? toggleOrMakeTask(onLineOf: buffer.cursorOffset, in: buffer)
                    : key.isPlain && continueList(in: buffer)
            case "Tab": key.isPlain && indent(in: buffer, outward: false)
            case "BackSpace": key.isPlain && removeMarker(in: buffer)
            default: key.shift && !key.control && indent(in: buffer, outward: true)
            }
            // A new item at the end of a long list shows at once, as a typed line would.
            if handled { view.keepCursorInView() }
            return handled
        }
        view.onMousePressFirst(.primary) { [weak view] x, y, control in
            guard let view, view.isEditable, !control, let offset = view.textOffset(atX: x, y: y),
                  let (item, start, _, _) = item(at: offset, in: view.buffer), let mark = item.boxMarkOffset,
                  abs(offset - (start + Int32(mark))) <= 1  // on "[", the mark or "]"
            else { return }
            toggle(item, startingAt: start, in: view.buffer)
        }
    }

    /// The list item on the line holding `offset`, with the line's bounds and
    /// text; nil in a fenced code block.
    private static func item(at offset: Int32, in buffer: TextBuffer) -> (MarkdownListItem, start: Int32, end: Int32, text: String)? {
        let line = buffer.line(containing: offset)
        guard let item = MarkdownListItem(line: line.text), !isCode(lineAt: line.start, in: buffer) else { return nil }
        return (item, line.start, line.end, line.text)
    }

    /// Whether the line starting at `start` is in a fenced code block (as the styling reads it).
    private static func isCode(lineAt start: Int32, in buffer: TextBuffer) -> Bool {
        !buffer.ranges(ofContextClass: MarkdownStyle.codeClass, in: start..<(start + 1)).isEmpty
    }

    /// Checks or unchecks the task on the line holding `offset`. Any other line
    /// becomes an unchecked task: a list item gains a box (`- milk` reads
    /// `- [ ] milk`), other text a bullet and a box after its indent, and an
    /// empty line starts a checklist. A heading, and code, stay as they are.
    /// Ctrl+Return never breaks the line, as GTK's own Ctrl+Return would.
    private static func toggleOrMakeTask(onLineOf offset: Int32, in buffer: TextBuffer) -> Bool {
        let line = buffer.line(containing: offset)
        guard !isCode(lineAt: line.start, in: buffer) else { return true }
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

    /// Backspace with the cursor right after a list item's marker, box and
    /// blank: they go, the indent and the item's text stay. False elsewhere.
    /// Only the few characters before the cursor are read: Backspace is
    /// pressed all the time, in lines of any length.
    private static func removeMarker(in buffer: TextBuffer) -> Bool {
        let cursor = buffer.cursorOffset
        guard !buffer.hasSelection else { return false }
        let from = max(0, cursor - maximumMarkerLength)
        let read = buffer.text(fromOffset: from, toOffset: cursor)
        let before: Substring
        if let lineBreak = read.lastIndex(where: \.isNewline) {
            before = read[read.index(after: lineBreak)...]
        } else if from == 0 {
            before = read[...]
        } else {
            return false  // more before the cursor on its line than any marker
        }
        let start = cursor - Int32(before.unicodeScalars.count)
        guard before.last == " " || before.last == "\t", let item = MarkdownListItem(line: String(before)),
              item.contentOffset == before.count, !isCode(lineAt: start, in: buffer) else { return false }
        let markerStart = start + Int32(item.indent.count)
        buffer.asOneUserAction { buffer.delete(fromOffset: markerStart, length: cursor - markerStart) }
        return true
    }

    /// The most characters an item's indent, marker, box and blank take, as Backspace looks for them.
    private static let maximumMarkerLength: Int32 = 40

    /// Tab on a list item indents it one level (to where its text starts);
    /// Shift+Tab takes one level back. With a selection over several lines,
    /// every item in it moves, top to bottom, if every line holding text is
    /// an item (one Undo step). False otherwise: GtkSourceView indents the
    /// lines with a tab, as it does any text.
    private static func indent(in buffer: TextBuffer, outward: Bool) -> Bool {
        guard buffer.hasSelection else {
            guard let (item, start, _, _) = item(at: buffer.cursorOffset, in: buffer) else { return false }
            buffer.asOneUserAction { move(item, lineAt: start, outward: outward, in: buffer) }
            return true
        }
        let (insert, bound) = buffer.selectionOffsets
        var lines: [(start: Int32, end: Int32, text: String)] = [buffer.line(containing: min(insert, bound))]
        // A selection ending at a line's very start does not take that line in.
        let end = max(insert, bound)
        while let last = lines.last, end > last.end + 1 { lines.append(buffer.line(containing: last.end + 1)) }
        let holdingText = lines.filter { !$0.text.allSatisfy { $0 == " " || $0 == "\t" } }
        guard lines.count > 1, !holdingText.isEmpty,
              holdingText.allSatisfy({ MarkdownListItem(line: $0.text) != nil && !isCode(lineAt: $0.start, in: buffer) }) else {
            return false
        }
        buffer.asOneUserAction {
            var start = lines[0].start
            for index in lines.indices {
                if index > 0 { start = buffer.line(containing: start).end + 1 }
                // Numbering an item renumbers those after it: each line is read again here.
                if let item = MarkdownListItem(line: buffer.line(containing: start).text) {
                    move(item, lineAt: start, outward: outward, in: buffer)
                }
            }
        }
        return true
    }

    /// Indents `item`, on the line at `start`, one level, or (`outward`) takes one back.
    private static func move(_ item: MarkdownListItem, lineAt start: Int32, outward: Bool, in buffer: TextBuffer) {
        if !outward {
            buffer.insert(String(repeating: " ", count: item.indentStep), atOffset: start)
        } else if item.indent.hasPrefix("\t") {
            buffer.delete(fromOffset: start, length: 1)
        } else {
            let blanks = item.indent.prefix { $0 == " " }.count
            buffer.delete(fromOffset: start, length: Int32(min(blanks, item.indentStep)))
        }
        if let number = item.number { renumber(movedFrom: item.indent.count, number: number, lineAt: start, in: buffer) }
    }

    /// A numbered item on the line at `start` moved from indent `oldIndent`
    /// (where it had `number`): it takes the number after the item above it
    /// in the list it joined (1 if it starts one), the items after it there
    /// follow on from it, and those it left behind close the gap.
    private static func renumber(movedFrom oldIndent: Int, number: Int, lineAt start: Int32, in buffer: TextBuffer) {
        guard let (moved, _, _, _) = item(at: start, in: buffer) else { return }
        let newIndent = moved.indent.count
        let own = (previousNumber(at: newIndent, above: start, in: buffer) ?? 0) + 1
        setNumber(own, of: moved, lineAt: start, in: buffer)
        let end = buffer.line(containing: start).end
        if newIndent > oldIndent {
            numberOn(at: oldIndent, from: number, after: end, in: buffer)  // the list it left
            numberOn(at: newIndent, from: own + 1, after: end, in: buffer)
        } else {
            numberOn(at: newIndent, from: own + 1, after: end, in: buffer)
            numberOn(at: oldIndent, from: 1, after: end, in: buffer)  // its former sub-list, now under it
        }
    }

    /// The number of the item above `start` at indent `indent` in the same
    /// list: past deeper items and lines, up to a line less indented.
    private static func previousNumber(at indent: Int, above start: Int32, in buffer: TextBuffer) -> Int? {
        var lineStart = start
        while lineStart > 0 {
            let line = buffer.line(containing: lineStart - 1)
            lineStart = line.start
            let depth = line.text.prefix { $0 == " " || $0 == "\t" }.count
            guard !line.text.allSatisfy({ $0 == " " || $0 == "\t" }) else { return nil }
            if depth > indent { continue }
            guard depth == indent, let item = MarkdownListItem(line: line.text) else { return nil }
            return item.number
        }
        return nil
    }

    /// Numbers the items at indent `indent` after `end`, from `first` on, past
    /// deeper lines, until a line less indented, a blank line or another kind of item.
    private static func numberOn(at indent: Int, from first: Int, after end: Int32, in buffer: TextBuffer) {
        var next = first
        var lineEnd = end
        while lineEnd < buffer.characterCount {
            let line = buffer.line(containing: lineEnd + 1)
            lineEnd = line.end
            let depth = line.text.prefix { $0 == " " || $0 == "\t" }.count
            guard !line.text.allSatisfy({ $0 == " " || $0 == "\t" }) else { return }
            if depth > indent { continue }
            guard depth == indent, let item = MarkdownListItem(line: line.text), item.number != nil else { return }
            setNumber(next, of: item, lineAt: line.start, in: buffer)
            lineEnd = buffer.line(containing: line.start).end
            next += 1
        }
    }

    /// Gives the numbered `item` on the line at `start` the number `number`.
    private static func setNumber(_ number: Int, of item: MarkdownListItem, lineAt start: Int32, in buffer: TextBuffer) {
        let marker = item.marker(numbered: number)
        guard marker != item.marker else { return }
        let at = start + Int32(item.indent.count)
        buffer.delete(fromOffset: at, length: Int32(item.marker.count))
        buffer.insert(marker, atOffset: at)
    }
}
