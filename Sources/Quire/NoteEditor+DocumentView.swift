import GtkKit
import NoteModel

/// The editor as the note document's view: its text, read in pieces, and
/// changes from the document.
extension NoteEditor {
    var currentText: String { load?.text ?? editor.buffer.text }

    /// Texts of which more than this many characters must be read from GTK
    /// (the rest the buffer knows) are read for an autosave a piece at a time
    /// (GTK hands over about 0.8 million characters a millisecond; a piece
    /// takes about 2.5 ms).
    static let piecewiseReadAbove: Int32 = 2_000_000

    func readTextInPieces(_ completion: @escaping @MainActor (String) -> Void) -> (any NoteTextRead)? {
        guard load == nil, editor.buffer.characterCount > NoteEditor.piecewiseReadAbove else { return nil }
        let toRead = editor.buffer.charactersToRead
        guard toRead > NoteEditor.piecewiseReadAbove else {
            DocumentTrace.note(document.noteID, "read", "edited=\(toRead) of=\(editor.buffer.characterCount)")
            return nil
        }
        return BufferTextRead(TextBufferPieceRead(
            editor.buffer, charactersPerPiece: NoteEditor.piecewiseReadAbove, restartsAllowed: 3, completion: completion))
    }

    func applyDocumentChange(_ change: TextChange) {
        load?.finishNow()  // the change's offsets are in the whole text
        withoutReporting {
            editor.buffer.withoutUndo {
                editor.buffer.delete(fromOffset: Int32(change.offset), length: Int32(change.length))
                editor.buffer.insert(change.replacement, atOffset: Int32(change.offset))
            }
        }
        onTitleChange?(windowTitle)
    }

    func documentTextDidArrive() {
        let (selection, reveal, match) = (selectionAfterLoad, revealAfterLoad, matchAfterRead)
        matchAfterRead = nil
        showText(document.savedBody)  // the text just read (the editor, showing none of it yet, is not asked)
        if let selection { select(cursor: selection.cursor, bound: selection.bound) }
        if reveal { revealCursor() }
        if let match { revealMatch(of: match) }
        if load == nil, !searchHighlight.searchText.isEmpty { searchHighlight.findMatches() }
        updateEditable()
        onTitleChange?(windowTitle)
        onStateChange?()
    }

    func documentTextIsUnavailable() {
        show(noteID: nil)
    }

    func documentStateDidChange() {
        // The text was kept as a new note (the note removed elsewhere): the window
        // goes on in it now, not once the removal is heard of.
        if document.keptAs != nil { onNoteRemoved?() }
        if noteID != reportedNoteID {
            reportedNoteID = noteID
            if let language = languageForNewNote {  // chosen before the note's first save
                languageForNewNote = nil
                chooseSpellingLanguage(language)
            }
            onNoteChanged?(noteID)
            onStateChange?()
        }
        updateEditable()
        onTitleChange?(windowTitle)
        onSaveStateChange?()
    }
}
