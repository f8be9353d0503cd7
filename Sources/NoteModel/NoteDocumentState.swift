/// Where a note's document is in its life, as its windows and tests see it
/// (`NoteDocument.state`).
public enum NoteDocumentState: Equatable, Sendable {
    /// A long note's text is still being read: nothing can be typed or saved yet.
    case reading
    /// Everything shown is saved, as `revision`.
    case clean(revision: Int64)
    /// Some text is not saved; the autosave comes 300 ms after the last
    /// keystroke, or a second after the first unsaved one.
    case editing
    /// A save is under way on the background saver.
    case saving
    /// Saving fails: the text is kept (in a draft file, once written), and
    /// tried again after 0.5, 1, 2, 4, 8 s, then every 10 s; `attempts` so far.
    case failing(NoteSaveProblem, attempts: Int)
    /// The note went to the trash or was deleted: nothing more is written to
    /// it. Removed elsewhere with its windows on it (`isRemovedElsewhere`),
    /// a person's edit takes it back to `editing`, and the save that follows
    /// keeps the text as a new note.
    case removed
}
