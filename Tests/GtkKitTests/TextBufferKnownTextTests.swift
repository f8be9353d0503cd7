import CGtk
import Testing
@testable import GtkKit

/// A text buffer hands its whole text out again without reading it from GTK
/// while nothing has changed it (20 MB take GTK about 30 ms), and reads it
/// again after any change: an edit, an undo, a redo, a new text.
@MainActor
@Suite("Text buffer's known text")
struct TextBufferKnownTextTests {
    init() throws {
        try TestToolkit.start()
    }

    @Test("read once, the text is known until an edit, and each edit, undo and redo is read again")
    func knownUntilChanged() {
        let buffer = TextView().buffer
        buffer.text = "Groceries\n- milk"
        #expect(buffer.knownText == nil, "a text put in is read back once, as GTK holds it")
        #expect(buffer.text == "Groceries\n- milk")
        buffer.text = "Groceries\n- milk"  // changed, if to the same text
        #expect(buffer.knownText == nil)
        #expect(buffer.text == "Groceries\n- milk")
        #expect(buffer.knownText == "Groceries\n- milk")
        buffer.asOneUserAction { buffer.insert("\n- bread", atOffset: -1) }
        #expect(buffer.text == "Groceries\n- milk\n- bread")
        #expect(gtk_text_buffer_get_can_undo(buffer.bufferPointer) != 0)
        gtk_text_buffer_undo(buffer.bufferPointer)
        #expect(buffer.text == "Groceries\n- milk")
        gtk_text_buffer_redo(buffer.bufferPointer)
        #expect(buffer.text == "Groceries\n- milk\n- bread")
        buffer.delete(fromOffset: 0, length: 10)
        #expect(buffer.text == "- milk\n- bread")
        buffer.withoutUndo { buffer.insert("日本 ", atOffset: 0) }
        #expect(buffer.text == "日本 - milk\n- bread")
        buffer.text = "new"
        #expect(buffer.text == "new")
    }

    @Test("a text the caller put in whole is known without reading, until it changes")
    func toldItsText() {
        let buffer = TextView().buffer
        buffer.withoutUndo {
            buffer.text = "first piece\n"
            buffer.insert("second piece", atOffset: -1)
        }
        buffer.knowsItsText("first piece\nsecond piece")
        #expect(buffer.knownText == "first piece\nsecond piece")
        #expect(buffer.text == "first piece\nsecond piece")
        buffer.insert("!", atOffset: -1)
        #expect(buffer.text == "first piece\nsecond piece!")
    }

    @Test("a reading in pieces leaves its text known, unless the text changed while it read")
    func pieceReadKnows() {
        let buffer = TextView().buffer
        buffer.text = String(repeating: "line of a long note\n", count: 500)
        var read: String?
        var reading = TextBufferPieceRead(buffer, charactersPerPiece: 1_000, restartsAllowed: 3) { read = $0 }
        MainLoop.iterate(forAtMost: 5) { read != nil }
        #expect(read != nil && read == buffer.knownText && read?.count == 10_000)

        read = nil
        reading = TextBufferPieceRead(buffer, charactersPerPiece: 1_000, restartsAllowed: 3) { read = $0 }
        buffer.insert("typed meanwhile ", atOffset: 9_000)  // beyond what was read: the reading takes it in
        MainLoop.iterate(forAtMost: 5) { read != nil }
        #expect(read?.contains("typed meanwhile ") == true)
        #expect(buffer.knownText == nil, "changed while read: read again when asked")
        #expect(buffer.text == read)
        #expect(!reading.isReading)
    }

    @Test("a new text is never undone, and Undo works on the edits after it")
    func newTextAndUndo() {
        let buffer = TextView().buffer
        buffer.text = "first note"
        buffer.asOneUserAction { buffer.insert(" typed", atOffset: -1) }
        #expect(gtk_text_buffer_get_can_undo(buffer.bufferPointer) != 0)
        buffer.text = "second note"
        #expect(gtk_text_buffer_get_can_undo(buffer.bufferPointer) == 0, "the first note's edits are not undone in the second")
        #expect(gtk_text_buffer_get_enable_undo(buffer.bufferPointer) != 0)
        buffer.asOneUserAction { buffer.insert(" too", atOffset: -1) }
        gtk_text_buffer_undo(buffer.bufferPointer)
        #expect(buffer.text == "second note")
    }
}

/// After edits, a read takes only the edited stretch from GTK and the rest
/// from the text known before; what it hands over is always what GTK holds.
@MainActor
@Suite("Text buffer's text pieced together")
struct TextBufferPiecedTextTests {
    init() throws {
        try TestToolkit.start()
    }

    /// The whole text, as GTK hands it over.
    static func fromGTK(_ buffer: TextBuffer) -> String {
        var start = GtkTextIter()
        var end = GtkTextIter()
        gtk_text_buffer_get_bounds(buffer.bufferPointer, &start, &end)
        let chars = gtk_text_buffer_get_text(buffer.bufferPointer, &start, &end, 0)!
        defer { g_free(chars) }
        return String(cString: chars)
    }

    @Test("a word typed into a long text is all that is read again")
    func onlyTheEditedStretch() {
        let buffer = TextView().buffer
        buffer.text = String(repeating: "京都へ a line of a long note 🎉\n", count: 2_000)
        #expect(buffer.text.unicodeScalars.count == Int(buffer.characterCount))
        buffer.asOneUserAction { buffer.insert("word ", atOffset: 30_000) }
        #expect(buffer.editedSinceRead == 30_000..<30_005)
        buffer.delete(fromOffset: 30_002, length: 10)
        #expect(buffer.editedSinceRead == 30_000..<30_002, "the deletion ate the rest of the word, and more")
        let text = buffer.text
        #expect(text == Self.fromGTK(buffer))
        #expect(buffer.editedSinceRead == nil, "read, it is known again")
        #expect(buffer.knownText == text)
    }

    @Test("random edits, undos and redos, read after each few: always what GTK holds")
    func randomEdits() {
        var random = SystemRandomNumberGenerator()
        let pieces = ["a", "word ", "日本", "é", "e\u{301}", "🎉", "\n", "- [ ] item\n", "京都へ **太字**"]
        let buffer = TextView().buffer
        buffer.text = String(repeating: "start 日本 🎉 line\n", count: 300)
        _ = buffer.text
        var pieced = 0
        for round in 0..<400 {
            let count = Int(buffer.characterCount)
            switch Int.random(in: 0..<10, using: &random) {
            case 0..<5:
                let offset = Int32.random(in: 0...Int32(count), using: &random)
                buffer.asOneUserAction { buffer.insert(pieces.randomElement(using: &random)!, atOffset: offset) }
            case 5..<8 where count > 0:
                let offset = Int32.random(in: 0..<Int32(count), using: &random)
                buffer.asOneUserAction { buffer.delete(fromOffset: offset, length: .random(in: 1...20, using: &random)) }
            case 8:
                gtk_text_buffer_undo(buffer.bufferPointer)
            default:
                gtk_text_buffer_redo(buffer.bufferPointer)
            }
            if round % 3 == 0 {
                if buffer.editedSinceRead != nil { pieced += 1 }
                #expect(buffer.text == Self.fromGTK(buffer), "round \(round)")
            }
        }
        #expect(pieced > 100, "most reads were pieced together")
    }

    @Test("a new text is read whole, and the old one is let go")
    func newTextReadWhole() {
        let buffer = TextView().buffer
        buffer.text = "old note, long gone"
        _ = buffer.text
        buffer.text = "new note"
        #expect(buffer.editedSinceRead == nil, "nothing of the old text is kept")
        #expect(buffer.text == "new note")
    }

    @Test("read from inside an edit's own handlers, the text is as before the edit; read after, as after it")
    func readInsideAnEdit() {
        let buffer = TextView().buffer
        buffer.text = "twelve chars"
        _ = buffer.text
        var readBefore: [String] = []
        let watch = buffer.onInsertText { _, _ in readBefore.append(buffer.text) }
        let deletions = buffer.onDeleteRange { _, _ in readBefore.append(buffer.text) }
        buffer.insert("abc", atOffset: 0)  // read before it went in, then
        buffer.delete(fromOffset: 9, length: 3)  // as many taken out: the count is as it was
        watch.disconnect()
        deletions.disconnect()
        #expect(readBefore == ["twelve chars", "abctwelve chars"])
        #expect(buffer.text == "abctwelvears")
        #expect(buffer.text == Self.fromGTK(buffer))
    }
}
