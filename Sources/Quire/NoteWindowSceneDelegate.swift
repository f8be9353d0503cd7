import FoundationEssentials
import GtkKit
import NoteModel
import Scenes

/// A scene delegate whose window shows a note: a note's own window
/// (`NoteSceneDelegate`) or a main window (`MainSceneDelegate`). Each owns a
/// `NoteWindowController`, which does what every such window does and asks
/// its owner, through the members below, what only its kind of window decides;
/// the scene callbacks go to the controller (this protocol's extension).
@MainActor
protocol NoteWindowSceneDelegate: WindowSceneDelegate {
    /// The window's note, editor, messages and state.
    var noteWindow: NoteWindowController { get }
    /// Whether the window is its note's own window: requests for the note raise it.
    var prefersItsNote: Bool { get }
    /// What kind of window this is, as the Window menu tells windows apart.
    var kindOfWindow: String { get }
    /// The note a window starts with when nothing asks for a particular one.
    func initialNoteID(in store: NoteStore) -> UUID?
    /// The window's content around the editor (a main window adds the list),
    /// for `window`, `windowHeight` tall; built before the scene connects
    /// when the window is built ahead.
    func makeContent(around editorView: Widget, store: NoteStore, in window: Window, windowHeight: Int32) -> Widget
    /// Adds controls to the header bar (a main window adds New Note).
    func decorate(_ header: HeaderBar)
    /// The editor shows another note.
    func editorDidShow(_ noteID: UUID?)
    /// The note to show after the one shown, `removed`, was removed (or as it
    /// leaves for the trash: the store may still list it).
    func noteToShow(after removed: UUID, in store: NoteStore) -> UUID?
    /// Where the window's toasts show, if not over the editor: over all of a
    /// main window, list and note, so that a toast naming a note has the
    /// window's width (over the note's pane alone, “Note 2000, the plan…”
    /// was cut to “Note 2…”), and shows while a narrow window shows its list.
    var wideToasts: ToastOverlay? { get }
    /// Adds what else the window shows (a main window's list) to its state, as it is saved.
    func recordExtraState(into state: inout NoteWindowState)
    /// Shows again what else the window showed, from its restored state.
    func restoreExtraState(from state: NoteWindowState)
    /// The window's title, given the editor's ("Groceries — Quire").
    func windowTitle(editorTitle: String) -> String
    /// Starts a new note in this window (New Note, Ctrl+N).
    func startNewNote()
    /// The notes the note actions are for instead of the window's note: those
    /// selected together in the window's list, when several are, or the one a
    /// row's menu is open on alone; otherwise none (the window's note).
    var notesActedOn: [UUID] { get }
}

extension NoteWindowSceneDelegate {
    var prefersItsNote: Bool { true }
    var notesActedOn: [UUID] { [] }
    var kindOfWindow: String { localized("note window") }
    func initialNoteID(in store: NoteStore) -> UUID? { nil }
    func makeContent(around editorView: Widget, store: NoteStore, in window: Window, windowHeight: Int32) -> Widget {
        editorView
    }
    func decorate(_ header: HeaderBar) {}
    func editorDidShow(_ noteID: UUID?) {}
    func noteToShow(after removed: UUID, in store: NoteStore) -> UUID? { initialNoteID(in: store) }
    var wideToasts: ToastOverlay? { nil }
    func recordExtraState(into state: inout NoteWindowState) {}
    func restoreExtraState(from state: NoteWindowState) {}
    func windowTitle(editorTitle: String) -> String { editorTitle }
    func startNewNote() { noteWindow.editor?.startNewNote() }

    // The scene's life, handled alike for every window showing a note.

    func windowBuiltAhead(for session: SceneSession) -> Window? { noteWindow.windowBuiltAhead }

    func scene(_ scene: Scene, willConnectTo session: SceneSession, options: SceneConnectionOptions) {
        noteWindow.connect(scene, to: session, options: options)
    }

    func scene(_ scene: Scene, restoreInteractionStateWith stateRestorationActivity: UserActivity) {
        noteWindow.restoreInteractionState(with: stateRestorationActivity)
    }

    func sceneDidEnterBackground(_ scene: Scene) { noteWindow.editor?.startSaving() }

    func sceneDidDisconnect(_ scene: Scene) { noteWindow.disconnect(from: scene) }

    func sceneShouldClose(_ scene: Scene) -> Bool { noteWindow.shouldClose(scene) }

    func stateRestorationActivity(for scene: Scene) -> UserActivity? { noteWindow.restorationActivity(for: scene) }

    func scene(_ scene: Scene, openURLContexts urlContexts: Set<OpenURLContext>) {
        for noteID in urlContexts.compactMap({ NoteLink.noteID(in: $0.url) }) {
            noteWindow.services.openNoteWindow(for: noteID, showing: nil)
        }
    }
}
