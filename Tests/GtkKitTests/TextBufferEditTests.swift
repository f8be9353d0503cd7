import CGtk
import Testing
@testable import GtkKit

/// A text buffer reports each edit by character offset, before it happens.
@MainActor
@Suite("Text buffer edits")
struct TextBufferEditTests {
    init() throws {
        try TestToolkit.start()
    }

    @Test("inserts and deletes are reported with character offsets, also past non-ASCII text")
    func reportedEdits() {
        let buffer = TextView().buffer
        buffer.text = "日本 notes ✍️"
        var inserts: [String] = []
        var deletes: [String] = []
        buffer.onInsertText { inserts.append("\($0):\($1)") }
        buffer.onDeleteRange { deletes.append("\($0)+\($1)") }
        buffer.insert("語", atOffset: 2)
        buffer.delete(fromOffset: 4, length: 5)
        #expect(inserts == ["2:語"])
        #expect(deletes == ["4+5"])
        #expect(buffer.text == "日本語  ✍️", "\"notes\" went, both spaces stayed")
    }

    @Test("an undo step is reported around a user action and around an undo or redo, with the edits inside it")
    func undoSteps() {
        let buffer = TextView().buffer
        var events: [String] = []
        buffer.onUndoStep(began: { events.append("began") }, ended: { events.append("ended") })
        buffer.onInsertText { offset, text in events.append("insert \(offset):\(text)") }
        buffer.onDeleteRange { offset, length in events.append("delete \(offset)+\(length)") }
        buffer.asOneUserAction {
            buffer.insert("- [ ] milk", atOffset: 0)
            buffer.asOneUserAction { buffer.delete(fromOffset: 3, length: 1) }  // nested: one step
            buffer.insert("x", atOffset: 3)
        }
        #expect(events == ["began", "insert 0:- [ ] milk", "delete 3+1", "insert 3:x", "ended"])
        #expect(buffer.text == "- [x] milk")

        events = []
        gtk_text_buffer_undo(buffer.bufferPointer)
        #expect(buffer.text == "")
        #expect(events.first == "began" && events.last == "ended", "the undo's edits are one step: \(events)")
        #expect(events.filter { $0 == "began" }.count == 1)
        #expect(events.contains { $0.hasPrefix("delete") }, "the undo's own edits were reported inside it")

        events = []
        gtk_text_buffer_redo(buffer.bufferPointer)
        #expect(buffer.text == "- [x] milk")
        #expect(events.first == "began" && events.last == "ended" && events.count > 2, "\(events)")
    }

    @Test("the cursor after an edit elsewhere moves with its text")
    func cursorFollowsText() {
        let buffer = TextView().buffer
        buffer.text = "abcdef"
        buffer.placeCursor(atOffset: 4)
        buffer.withoutUndo { buffer.insert("XY", atOffset: 1) }
        #expect(buffer.cursorOffset == 6, "an insertion before the cursor pushes it along")
        buffer.withoutUndo { buffer.delete(fromOffset: 0, length: 2) }
        #expect(buffer.cursorOffset == 4)
        buffer.withoutUndo { buffer.insert("!", atOffset: 6) }
        #expect(buffer.cursorOffset == 4, "an insertion after the cursor leaves it")
    }

    @Test("a prefix of the text, by characters")
    func prefix() {
        let buffer = TextView().buffer
        buffer.text = "日本語のメモ and more"
        #expect(buffer.text(prefixLength: 3) == "日本語")
        #expect(buffer.text(prefixLength: 999) == "日本語のメモ and more")
    }

    @Test("text a tag hides is still the buffer's text: read whole, between offsets and by line")
    func hiddenTextIsRead() throws {
        let buffer = TextView().buffer
        buffer.text = "- [x] done\nnext"
        try HiddenText.hide(in: buffer, from: 3, to: 4)
        #expect(buffer.text == "- [x] done\nnext")
        #expect(buffer.text(fromOffset: 2, toOffset: 5) == "[x]")
        #expect(buffer.line(containing: 1).text == "- [x] done")
    }
}
