import FoundationEssentials

/// Putting drafts (text that could not be saved at the time) back into the notes.
extension NoteStore {
    /// Saves a draft's text into its note, merging it with anything saved to
    /// the note since, or keeping it as a new note when that cannot be done
    /// without losing either version. Never writes into a trashed note.
    /// Observers hear of the changes with `origin`.
    public func recover(_ draft: NoteDraft, origin: NoteChangeOrigin? = nil) throws -> DraftRecoveryOutcome {
        guard let note = try note(id: draft.noteID) else {
            if draft.baseRevision == 0 {
                try createNote(id: draft.noteID, body: draft.body, at: draft.writtenAt, origin: origin)
                return .restored(noteID: draft.noteID)
            }
            return .keptAsNewNote(noteID: draft.noteID, newNoteID: try createNote(body: draft.body, origin: origin).id)
        }
        if note.body == draft.body { return .alreadySaved(noteID: note.id) }
        if try isInTrash(note.id) {
            return .keptAsNewNote(noteID: note.id, newNoteID: try createNote(body: draft.body, origin: origin).id)
        }
        let unchangedSince = note.revision == draft.baseRevision
        let merged = unchangedSince ? draft.body : TextMerge.merge(base: draft.baseBody, mine: draft.body, theirs: note.body)
        guard let merged else {
            return .keptAsNewNote(noteID: note.id, newNoteID: try createNote(body: draft.body, origin: origin).id)
        }
        switch try saveBody(of: note.id, to: merged, over: note.revision, origin: origin) {
        case .saved: return unchangedSince ? .restored(noteID: note.id) : .merged(noteID: note.id)
        case .conflict, .inTrash, .gone: return try recover(draft, origin: origin)  // changed again this instant: look again
        }
    }
}
