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
/// - Numbers follow on: an item put in or taken out of a numbered list by
///   Return, Backspace or Tab renumbers the items after it.
/// - Quotes: Return on a quoted line (`> `) starts the next one, and on an
///   empty one ends the quote with a blank line (Markdown would read a line
///   right after it as quoted still); Backspace right after the marks takes
///   one level off. A list in a quote (`> - milk`) works as any list.
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
                  let (item, line) = item(at: offset, in: view.buffer), let mark = item.boxMarkOffset,
                  abs(offset - (line.contentStart + Int32(mark))) <= 1  // on "[", the mark or "]"
            else { return }
            toggle(item, startingAt: line.contentStart, in: view.buffer)
        }
    }

    /// A line as the list keys read it: its text after its quote marks, if it has any.
    private struct ListLine {
        /// Where the line starts and ends.
        let start: Int32, end: Int32
        /// The quote marks the line starts with ("" if none).
        let quote: String
        /// The line's text after them, and where that starts.
        let content: String, contentStart: Int32

        /// Whether the text after the quote marks is blank.
        var isBlank: Bool { content.allSatisfy { $0 == " " || $0 == "\t" } }
        /// How many blanks the text after the quote marks starts with.
        var indent: Int { content.prefix { $0 == " " || $0 == "\t" }.count }
    }

    /// The line holding `offset`, read past its quote marks.
    private static func listLine(containing offset: Int32, in buffer: TextBuffer) -> ListLine {
        let line = buffer.line(containing: offset)
        let quote = MarkdownQuote(line: line.text)?.prefix ?? ""
        return ListLine(
            start: line.start, end: line.end, quote: quote,
            content: String(line.text.dropFirst(quote.count)), contentStart: line.start + Int32(quote.count))
    }

    /// The list item on the line holding `offset` (quoted or not), with its
    /// line; nil in a fenced code block.
    private static func item(at offset: Int32, in buffer: TextBuffer) -> (item: MarkdownListItem, line: ListLine)? {
        let line = listLine(containing: offset, in: buffer)
        guard let item = MarkdownListItem(line: line.content), !isCode(lineAt: line.start, in: buffer) else { return nil }
        return (item, line)
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
        let line = listLine(containing: offset, in: buffer)
        guard !isCode(lineAt: line.start, in: buffer) else { return true }
        if let item = MarkdownListItem(line: line.content) {
            if item.isChecked != nil {
                toggle(item, startingAt: line.contentStart, in: buffer)
            } else {
                let afterMarker = item.indent.count + item.marker.count  // a bare "-" gets its blank too
                let box = afterMarker == line.content.count ? " [ ] " : " [ ]"
                buffer.asOneUserAction { buffer.insert(box, atOffset: line.contentStart + Int32(afterMarker)) }
            }
            return true
        }
        guard MarkdownHeading.level(of: line.content.dropFirst(line.indent)) == nil else { return true }
        buffer.asOneUserAction { buffer.insert("- [ ] ", atOffset: line.contentStart + Int32(line.indent)) }
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

    /// Return on a list item: the next item, or the end of the list if this
    /// one is empty (in a quote, the quote goes on). Return on a quoted line:
    /// the next quoted line, or the end of the quote if this one is empty.
    private static func continueList(in buffer: TextBuffer) -> Bool {
        let cursor = buffer.cursorOffset
        guard !buffer.hasSelection else { return false }
        if let (item, line) = item(at: cursor, in: buffer) {
            guard cursor - line.contentStart >= Int32(item.contentOffset) || cursor == line.end else { return false }
            buffer.asOneUserAction {
                if item.isEmpty(in: line.content) {
                    buffer.delete(fromOffset: line.contentStart, length: line.end - line.contentStart)
                } else {
                    // A list numbered "1." at every item goes on so; one numbered
                    // one by one has the items after the new one follow on.
                    let following = item.number.flatMap { _ in
                        followingNumber(at: item.indent.count, after: line.end, quoted: line.quote, in: buffer)
                    }
                    let repeating = item.number != nil
                        && (following == item.number || previousNumber(at: item.indent.count, above: line, in: buffer) == item.number)
                    buffer.insert("\n" + line.quote + item.continuation(repeatingNumber: repeating), atOffset: cursor)
                    if let number = item.number, following == number + 1 {
                        let newLine = buffer.line(containing: cursor + 1)
                        numberOn(at: item.indent.count, from: number + 2, after: newLine.end, quoted: line.quote, in: buffer)
                    }
                }
            }
            return true
        }
        let line = listLine(containing: cursor, in: buffer)
        guard !line.quote.isEmpty, cursor >= line.contentStart, !isCode(lineAt: line.start, in: buffer) else { return false }
        buffer.asOneUserAction {
            if line.isBlank {
                // A blank line after the quote: the next line is not in it.
                buffer.delete(fromOffset: line.start, length: line.end - line.start)
                buffer.insert("\n", atOffset: line.start)
            } else {
                buffer.insert("\n" + line.quote, atOffset: cursor)
            }
        }
        return true
    }

    /// Backspace with the cursor right after a list item's marker, box and
    /// blank: they go, the indent and the item's text stay. Right after quote
    /// marks, the innermost goes with its blank. False elsewhere.
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
        guard before.last == " " || before.last == "\t" else { return false }
        let quote = MarkdownQuote(line: before)
        let quoted = quote?.prefix.count ?? 0
        let afterQuote = before.dropFirst(quoted)
        let takenFrom: Int32
        var numbered: (indent: Int, number: Int)?
        if let quote, afterQuote.isEmpty {
            takenFrom = start + Int32(quote.innermostMarkOffset)
        } else if let item = MarkdownListItem(line: String(afterQuote)), item.contentOffset == afterQuote.count {
            takenFrom = start + Int32(quoted + item.indent.count)
            numbered = item.number.map { (item.indent.count, $0) }
        } else {
            return false
        }
        guard !isCode(lineAt: start, in: buffer) else { return false }
        buffer.asOneUserAction {
            buffer.delete(fromOffset: takenFrom, length: cursor - takenFrom)
            // A number taken off: the items after it close the gap (in a list numbered one by one).
            let end = buffer.line(containing: takenFrom).end, quote = String(before.prefix(quoted))
            if let numbered, followingNumber(at: numbered.indent, after: end, quoted: quote, in: buffer) == numbered.number + 1 {
                numberOn(at: numbered.indent, from: numbered.number, after: end, quoted: quote, in: buffer)
            }
        }
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
            guard let (item, line) = item(at: buffer.cursorOffset, in: buffer) else { return false }
            buffer.asOneUserAction { move(item, lineAt: line.contentStart, outward: outward, in: buffer) }
            return true
        }
        let (insert, bound) = buffer.selectionOffsets
        var lines = [listLine(containing: min(insert, bound), in: buffer)]
        // A selection ending at a line's very start does not take that line in.
        let end = max(insert, bound)
        while let last = lines.last, end > last.end + 1 { lines.append(listLine(containing: last.end + 1, in: buffer)) }
        let holdingText = lines.filter { !$0.isBlank }
        guard lines.count > 1, !holdingText.isEmpty,
              holdingText.allSatisfy({ MarkdownListItem(line: $0.content) != nil && !isCode(lineAt: $0.start, in: buffer) }) else {
            return false
        }
        buffer.asOneUserAction {
            var start = lines[0].start
            for index in lines.indices {
                if index > 0 { start = buffer.line(containing: start).end + 1 }
                // Numbering an item renumbers those after it: each line is read again here.
                let line = listLine(containing: start, in: buffer)
                if let item = MarkdownListItem(line: line.content) {
                    move(item, lineAt: line.contentStart, outward: outward, in: buffer)
                }
            }
        }
        return true
    }

    /// Indents `item`, its text (past any quote marks) starting at `start`,
    /// one level, or (`outward`) takes one back.
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
        guard let (moved, line) = item(at: start, in: buffer) else { return }
        let newIndent = moved.indent.count
        let own = (previousNumber(at: newIndent, above: line, in: buffer) ?? 0) + 1
        setNumber(own, of: moved, lineAt: line.contentStart, in: buffer)
        let end = buffer.line(containing: start).end
        if newIndent > oldIndent {
            numberOn(at: oldIndent, from: number, after: end, quoted: line.quote, in: buffer)  // the list it left
            numberOn(at: newIndent, from: own + 1, after: end, quoted: line.quote, in: buffer)
        } else {
            numberOn(at: newIndent, from: own + 1, after: end, quoted: line.quote, in: buffer)
            numberOn(at: oldIndent, from: 1, after: end, quoted: line.quote, in: buffer)  // its former sub-list, now under it
        }
    }

    /// The number of the item above `line` at indent `indent` in the same
    /// list: past deeper items and lines, up to a line less indented, or
    /// quoted otherwise.
    private static func previousNumber(at indent: Int, above line: ListLine, in buffer: TextBuffer) -> Int? {
        var lineStart = line.start
        while lineStart > 0 {
            let above = listLine(containing: lineStart - 1, in: buffer)
            lineStart = above.start
            guard !above.isBlank, above.quote == line.quote else { return nil }
            if above.indent > indent { continue }
            guard above.indent == indent, let item = MarkdownListItem(line: above.content) else { return nil }
            return item.number
        }
        return nil
    }

    /// Numbers the items at indent `indent` after `end`, from `first` on, past
    /// deeper lines, until a line less indented, a blank line, a line quoted
    /// otherwise than `quote` or another kind of item.
    private static func numberOn(at indent: Int, from first: Int, after end: Int32, quoted quote: String, in buffer: TextBuffer) {
        var next = first
        var lineEnd = end
        while let (item, line) = nextItem(at: indent, after: lineEnd, quoted: quote, in: buffer), item.number != nil {
            setNumber(next, of: item, lineAt: line.contentStart, in: buffer)
            lineEnd = buffer.line(containing: line.start).end
            next += 1
        }
    }

    /// The number of the first item at indent `indent` after `end`, if the
    /// list goes on there (as `numberOn` reads it).
    private static func followingNumber(at indent: Int, after end: Int32, quoted quote: String, in buffer: TextBuffer) -> Int? {
        nextItem(at: indent, after: end, quoted: quote, in: buffer)?.item.number
    }

    /// The first item at indent `indent` after `end`, past deeper lines, with
    /// its line; nil if the list ends first: at a line less indented, a blank
    /// line, a line quoted otherwise than `quote`, or a line that is no item.
    private static func nextItem(
        at indent: Int, after end: Int32, quoted quote: String, in buffer: TextBuffer
    ) -> (item: MarkdownListItem, line: ListLine)? {
        var lineEnd = end
        while lineEnd < buffer.characterCount {
            let line = listLine(containing: lineEnd + 1, in: buffer)
            lineEnd = line.end
            guard !line.isBlank, line.quote == quote else { return nil }
            if line.indent > indent { continue }
            guard line.indent == indent, let item = MarkdownListItem(line: line.content) else { return nil }
            return (item, line)
        }
        return nil
    }

    /// Gives the numbered `item`, its text (past any quote marks) starting at
    /// `start`, the number `number`.
    private static func setNumber(_ number: Int, of item: MarkdownListItem, lineAt start: Int32, in buffer: TextBuffer) {
        let marker = item.marker(numbered: number)
        guard marker != item.marker else { return }
        let at = start + Int32(item.indent.count)
        buffer.delete(fromOffset: at, length: Int32(item.marker.count))
        buffer.insert(marker, atOffset: at)
    }
}
