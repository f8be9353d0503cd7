/// A window's editor, as its note's document sees it.
@MainActor
public protocol NoteDocumentView: AnyObject {
    /// The text the window shows.
    var currentText: String { get }
    /// Starts reading the text a piece at a time between frames, for an
    /// autosave of a very long note (reading it at once would hold the window
    /// for frames); `completion` gets it. Nil if the text is read at once.
    func readTextInPieces(_ completion: @escaping @MainActor (String) -> Void) -> (any NoteTextRead)?
    /// Puts a change made elsewhere into the shown text, keeping the cursor
    /// where it can, without an undo step and without autosaving it again.
    func applyDocumentChange(_ change: TextChange)
    /// Puts another window's edit of this note into the shown text as it was
    /// made there (its undo steps too), without journaling, autosaving or
    /// passing it on again: the document did that for the window that made it.
    func applyEditFromAnotherView(_ edit: NoteEdit)
    /// The document's state changed: saved, failing, or with a notice to show.
    func documentStateDidChange()
    /// The note's text, which was being read, is in: the window shows it.
    func documentTextDidArrive()
    /// The note's text, which was being read, could not be: the window goes on to a new note.
    func documentTextIsUnavailable()
}
