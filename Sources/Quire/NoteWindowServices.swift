import FoundationEssentials
import GtkKit
import NoteModel
import Scenes

/// What the app gives every window showing notes: the notes and their open
/// documents, the shared menus, the last closed window's record, and a way to
/// open a note's own window. `AppDelegate` provides them, handing them to each
/// scene delegate it makes (`application(_:sceneDelegateFor:)`).
@MainActor
protocol NoteWindowServices: AnyObject {
    /// The app, once it has launched: for the windows' requests (close a
    /// session, open one), never `Application.shared`.
    var application: Application? { get }
    /// The notes, or why they could not be opened.
    var notes: Result<NoteStore, any Error> { get }
    /// The notes open in windows, one document each; nil without notes.
    var documents: NoteDocuments? { get }
    /// Sync, once the notes are open (whether set up or not).
    var sync: SyncController? { get }
    /// The menu behind every window's menu button.
    var primaryMenu: Menu { get }
    /// The menu of a note list row (right-click).
    var rowMenu: Menu { get }
    /// The menu of a row in the trash (Restore, Delete Forever).
    var trashRowMenu: Menu { get }
    /// The last window that closed, which a window opened afresh follows.
    var lastWindow: NoteWindowState? { get }
    /// A window showing notes drew its first frame: the app may build the
    /// next main window ahead, once it has nothing else to do.
    func windowDidShow()
    /// Records the window that just closed, for the next one opened afresh.
    func windowClosed(_ window: NoteWindowState)
    /// A menu of the window's (the primary menu, a list row's) is about to open
    /// for the note `noteID`: its check boxes (Pin Note) follow that note.
    func menuWillOpen(for noteID: UUID?)
    /// Shows the note in its own window, raising the one it has, at `view` if given.
    func openNoteWindow(for noteID: UUID, showing view: UserActivity?)
}
