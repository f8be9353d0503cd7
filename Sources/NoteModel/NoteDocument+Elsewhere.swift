/// The note changed, trashed or restored by another writer.
extension NoteDocument {
    /// Another process saved the note: show its text if nothing here is
    /// unsaved, else save now, which merges the two.
    func noteChangedElsewhere() {
        // A text still being read is checked against the stored revision when it arrives.
        guard exists, !isReading else { return }
        finishBackgroundSave()
        let current: Note
        do {
            guard let found = try store.note(id: noteID), found.revision != savedRevision else { return }
            current = found
        } catch {
            // The next save of this window checks the revision anyway, so nothing is overwritten.
            ModelLog.error("could not read note \(noteID.uuidString) after another program changed it: \(error)")
            return
        }
        DocumentTrace.note(noteID, "changed-elsewhere", "revision=\(current.revision)", text: current.body)
        let text = currentText
        guard text == savedBody else {
            save()
            return
        }
        savedBody = current.body
        savedRevision = current.revision
        if let change = TextChange.between(text, current.body) { apply(change, resultingIn: current.body) }
        journal.rebase(revision: current.revision, unsavedText: nil)
    }

    /// Puts a change made elsewhere (a merge, another process) into every window.
    func apply(_ change: TextChange, resultingIn text: String) {
        if keptText != nil { keptText = text }
        for view in liveViews { view.applyDocumentChange(change) }
    }

    /// The note went to the trash or was deleted (here or elsewhere). Text
    /// typed since the last save is kept as a new note, never written into the trash.
    func noteWasRemoved(elsewhere: Bool) {
        finishBackgroundSave()
        guard !isRemoved else { return }
        DocumentTrace.note(noteID, "removed", "unsaved=\(currentText != savedBody) elsewhere=\(elsewhere)", text: currentText)
        if exists, currentText != savedBody {
            do {
                try keepAsNewNote(currentText)
            } catch {
                failed(error, text: currentText)
                return
            }
        }
        isRemoved = true
        isRemovedElsewhere = elsewhere && keptAs == nil && isShown
        journal.remove()
        autosave.cancel()
        tellViews()  // read-only at once (unless removed elsewhere): nothing more is typed into it
        if !isShown { finish() }
    }

    /// The note came out of the trash: it can be typed into and saved again.
    func noteWasRestored() {
        DocumentTrace.note(noteID, "restored")
        isRemoved = false
        isRemovedElsewhere = false
        tellViews()
    }
}
