/// Undo and Redo from the keyboard on the buffer's own history (see
/// `TextBuffer.keepOwnUndoHistory()`): the text view's own keys work on
/// GTK's history, which such a buffer does not keep.
extension TextView {
    /// From now on the buffer keeps its own Undo history, and Ctrl+Z,
    /// Shift+Ctrl+Z and Ctrl+Y take its steps. A key pressed while the text
    /// cannot be edited goes on to the view's other handlers.
    public func keepOwnUndoHistory() {
        guard buffer.ownUndo == nil else { return }
        buffer.keepOwnUndoHistory()
        onKeyPress { [weak self] key in
            guard let self, isEditable, key.control, !key.alt, !key.otherModifiers else { return false }
            switch (key.name.lowercased(), key.shift) {
            case ("z", false): stepUndo(redo: false)
            case ("z", true), ("y", false): stepUndo(redo: true)
            default: return false
            }
            return true
        }
    }

    /// Takes the buffer's newest step back (or, with `redo`, puts the last
    /// one taken back in again) if the text can be edited, and scrolls to the
    /// cursor if it did.
    public func stepUndo(redo: Bool) {
        guard isEditable else { return }
        if redo ? buffer.redo() : buffer.undo() { scrollToCursor() }
    }
}
