/// Something a note's document tells its windows once (the app words it).
public enum NoteDocumentNotice: Equatable, Sendable {
    /// The note was also changed in another process over the same stretch:
    /// that version was kept as a note of its own, titled `title`.
    case otherVersionKept(title: String)
    /// The note went to the trash elsewhere while text typed here was not
    /// saved: that text was kept as a new note, titled `title`.
    case keptAsNewNote(title: String)
}
