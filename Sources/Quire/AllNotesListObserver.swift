import NoteModel

/// A list view showing `AllNotesList`, told around each change to it: a page
/// read, or a note that moved, came or went.
@MainActor
protocol AllNotesListObserver: AnyObject {
    /// The list is about to change: what depends on positions (the selected
    /// note, the keyboard focus) is to be noted now.
    func allNotesWillChange()
    /// The list changed, for `change` (nil: a page was read).
    func allNotesDidChange(_ change: NoteChange?)
}
