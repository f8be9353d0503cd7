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
            return try keptApart(draft, from: draft.noteID, origin: origin)
        }
        if note.body == draft.body { return .alreadySaved(noteID: note.id) }
        if try isInTrash(note.id) { return try keptApart(draft, from: note.id, origin: origin) }
        let unchangedSince = note.revision == draft.baseRevision
        let merged = unchangedSince ? draft.body : TextMerge.merge(base: draft.baseBody, mine: draft.body, theirs: note.body)
        guard let merged else { return try keptApart(draft, from: note.id, origin: origin) }
        switch try saveBody(of: note.id, to: merged, over: note.revision, origin: origin) {
        case .saved: return unchangedSince ? .restored(noteID: note.id) : .merged(noteID: note.id)
        case .conflict, .inTrash, .gone: return try recover(draft, origin: origin)  // changed again this instant: look again
        }
    }

    /// The draft's text, which cannot go into its note `id`, as a note of its
    /// own: the note already holding exactly that text, outside the trash, if
    /// there is one (a window kept it as a new note as the note was removed
    /// elsewhere, and the process died before its journal heard of it), else a new one.
    private func keptApart(_ draft: NoteDraft, from id: UUID, origin: NoteChangeOrigin?) throws -> DraftRecoveryOutcome {
        let same = try database.query(
            "SELECT id FROM notes WHERE body = ? AND trashed_at IS NULL AND id != ? LIMIT 1", [.text(draft.body), .text(id.uuidString)]
        ).first.flatMap { $0.string(0) }.flatMap(UUID.init(uuidString:))
        if let same { return .alreadySaved(noteID: same) }
        return .keptAsNewNote(noteID: id, newNoteID: try createNote(body: draft.body, origin: origin).id)
    }
}
