import NoteModel

/// Loading: a note's text into the editor, a long one a piece at a time between
/// frames.
extension NoteEditor {
    /// Shows `text` in place of what the editor shows, with the cursor at its
    /// end. A long text goes in a piece at a time, between frames, and a long
    /// text shown before goes out so first; until it is all in, the editor is
    /// read-only, and what it holds for the document to save is the whole
    /// text, never what it shows meanwhile.
    func showText(_ text: String) {
        let wasTakingOut = load?.isTakingOut == true
        load?.cancel()
        load = nil
        revealAfterLoad = false
        matchAfterRead = nil
        let takeOut = editor.buffer.characterCount > NoteEditor.takenOutInPiecesAbove
        if takeOut && !wasTakingOut { DocumentTrace.note(document.noteID, "empty", "characters=\(editor.buffer.characterCount)") }
        if document.isReading {
            selectionAfterLoad = (-1, -1)
            if takeOut {
                startLoad("", takingOutOldText: true)
            } else {
                changeTextFromCode { editor.buffer.text = "" }
            }
            return
        }
        guard GradualTextLoad.isLong(text) || takeOut else {
            selectionAfterLoad = nil
            withoutReporting {
                editor.buffer.text = text
                editor.buffer.placeCursor(atOffset: -1)
            }
            return
        }
        selectionAfterLoad = (-1, -1)
        if GradualTextLoad.isLong(text) { DocumentTrace.note(document.noteID, "load", "bytes=\(text.utf8.count)") }
        startLoad(text, takingOutOldText: takeOut)
    }

    /// An old text longer than this many characters goes out of the editor
    /// a piece of this many at a time (about 3 ms of GTK's time).
    static let takenOutInPiecesAbove: Int32 = 2_000_000

    private func startLoad(_ text: String, takingOutOldText takeOut: Bool) {
        var takeOutPiece: (@MainActor () -> Bool)?
        if takeOut { takeOutPiece = { [weak self] in self?.takeOutPieceOfOldText() ?? false } }
        load = GradualTextLoad(text: text, takeOutPiece: takeOutPiece, append: { [weak self] piece, isFirst in
            self?.appendLoaded(piece, replacing: isFirst)
        }, finished: { [weak self] in
            self?.loadFinished()
        })
    }

    /// Takes a piece off the end of the old text, if more than a piece is
    /// left; returns whether it took one.
    private func takeOutPieceOfOldText() -> Bool {
        let count = editor.buffer.characterCount
        guard count > NoteEditor.takenOutInPiecesAbove else { return false }
        changeTextFromCode {
            editor.buffer.withUndoOff {  // the old note's history goes with it
                editor.buffer.delete(
                    fromOffset: count - NoteEditor.takenOutInPiecesAbove, length: NoteEditor.takenOutInPiecesAbove)
            }
        }
        return true
    }

    /// Puts one piece of a long text in: in place of the text for the first, at the end for the others.
    private func appendLoaded(_ piece: String, replacing: Bool) {
        changeTextFromCode {
            editor.buffer.withoutUndo {
                if replacing {
                    editor.buffer.text = piece
                } else {
                    editor.buffer.insert(piece, atOffset: -1)
                }
            }
        }
    }

    /// The whole text is in: the editor takes the selection and scroll it was
    /// given meanwhile and lets the person type, if every character arrived.
    private func loadFinished() {
        guard let finished = load else { return }
        load = nil
        DocumentTrace.note(document.noteID, "loaded", "pieces=\(finished.piecesAppended)")
        guard editor.buffer.characterCount == finished.characterCount else {
            // Never let a text that did not all arrive be edited and saved as the note.
            Log.error("note \(document.noteID.uuidString) did not go into the editor whole; it stays read-only")
            load = finished
            return
        }
        // Only the pieces went in (the editor takes no keys, and any other change
        // puts the rest in at once first): a save need not read 20 MB back out.
        editor.buffer.knowsItsText(finished.text)
        // Emptied for a text still being read: the selection and scroll asked
        // for meanwhile wait for that text.
        guard !document.isReading else { return }
        if let pending = selectionAfterLoad { editor.buffer.select(insert: pending.cursor, bound: pending.bound) }
        selectionAfterLoad = nil
        updateEditable()
        if !searchHighlight.searchText.isEmpty { searchHighlight.findMatches() }
        if revealAfterLoad {
            revealAfterLoad = false
            revealCursor()
        }
        onStateChange?()
    }
}
