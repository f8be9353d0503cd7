import NoteModel

/// Typing: edits made in this window and in the others showing the note.
extension NoteEditor {
    /// An edit made in this window: the document journals it before anything
    /// else, then hands it to the other windows.
    func typed(_ edit: NoteEdit) {
        document.record(edit, from: self)
    }

    /// Applies another window's edit without echoing it and without
    /// autosaving (the document saves for every window). Undo here takes it
    /// back as it does there, a step another window made one step here too:
    /// the windows of a note are one document, and an edit kept out of Undo
    /// would throw away every step this window had.
    func applyEditFromAnotherView(_ edit: NoteEdit) {
        load?.finishNow()  // the edit's offsets are in the whole text
        switch edit {
        case .beginStep:
            guard !isMirroringStep else { return }
            isMirroringStep = true
            editor.buffer.beginUserAction()
            return
        case .endStep:
            guard isMirroringStep else { return }
            editor.buffer.endUserAction()
            isMirroringStep = false
            return
        case let .insert(offset, text):
            withoutReporting { editor.buffer.insert(text, atOffset: Int32(offset)) }
        case let .delete(offset, length):
            withoutReporting { editor.buffer.delete(fromOffset: Int32(offset), length: Int32(length)) }
        }
        onTitleChange?(windowTitle)
    }

    /// Changes the text as no person did (a long text going in or out):
    /// unreported, and the cursor moving meanwhile is not taken for theirs.
    func changeTextFromCode(_ body: () -> Void) {
        isAppending = true
        defer { isAppending = false }
        withoutReporting(body)
    }

    /// Runs `body` with the text's change, insert and delete handlers blocked:
    /// text put in from code is neither saved again nor sent to other windows.
    func withoutReporting(_ body: () -> Void) {
        guard let changedConnection, let insertConnection, let deleteConnection else {
            body()
            return
        }
        changedConnection.whileBlocked {
            insertConnection.whileBlocked {
                deleteConnection.whileBlocked(body)
            }
        }
    }

    func textChanged() {
        TypingPause.personTyped()
        onTitleChange?(windowTitle)
        document.textDidChange()
    }
}
