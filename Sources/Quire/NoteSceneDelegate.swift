import Foundation
import GtkKit
import NoteModel
import Scenes

/// The scene delegate of a window that edits one note ("Note Editor" in the
/// manifest). It restores its note and cursor from the session's restoration
/// activity and keeps that activity up to date as the user types.
@MainActor
class NoteSceneDelegate: WindowSceneDelegate {
    private var editor: NoteEditor?
    private weak var scene: Scene?
    private let activity = NoteActivity.make(noteID: nil, cursor: 0)

    required init() {}

    /// The note a window starts with when nothing asks for a particular one.
    func initialNoteID(in store: NoteStore) -> UUID? { nil }

    /// Whether the window is its note's own window: requests for the note raise it.
    var prefersItsNote: Bool { true }

    /// The note shown, once it exists.
    var noteID: UUID? { editor?.noteID }

    func scene(_ scene: Scene, willConnectTo session: SceneSession, options: SceneConnectionOptions) {
        guard let scene = scene as? WindowScene, let app = AppDelegate.current else { return }
        self.scene = scene
        let header = HeaderBar()
        header.packEnd(MenuButton(iconName: "open-menu-symbolic", menu: app.primaryMenu, accessibleName: "Main Menu"))
        scene.window.setTitlebar(header)
        let store: NoteStore
        switch app.notes {
        case let .success(opened): store = opened
        case let .failure(error):
            scene.title = "Quire"
            scene.window.setChild(UnreadableNotesView(error: error).root)
            return
        }
        let requested = NoteActivity.noteID(in: session.stateRestorationActivity)
            ?? options.userActivities.lazy.compactMap(NoteActivity.noteID(in:)).first
            ?? options.urlContexts.lazy.compactMap { NoteLink.noteID(in: $0.url) }.first
        let editor = NoteEditor(
            window: scene.window, store: store, liveEdits: app.liveEdits, noteID: requested ?? initialNoteID(in: store))
        editor.onTitleChange = { [weak self, weak scene] title in
            scene?.title = title
            if self?.activity.title != title { self?.activity.title = title }
        }
        editor.onStateChange = { [weak self] in self?.recordState() }
        self.editor = editor
        scene.title = editor.windowTitle
        activity.title = editor.windowTitle
        recordState()
        scene.userActivity = activity
    }

    /// Starts a new note in this window (New Note, Ctrl+N).
    func startNewNote() { editor?.startNewNote() }

    func scene(_ scene: Scene, restoreInteractionStateWith stateRestorationActivity: UserActivity) {
        editor?.placeCursor(at: NoteActivity.cursor(in: stateRestorationActivity))
    }

    func sceneDidEnterBackground(_ scene: Scene) { editor?.saveNow() }

    func sceneDidDisconnect(_ scene: Scene) {
        editor?.saveNow()
        editor = nil
    }

    func stateRestorationActivity(for scene: Scene) -> UserActivity? {
        recordState()
        return activity
    }

    func scene(_ scene: Scene, openURLContexts urlContexts: Set<OpenURLContext>) {
        for noteID in urlContexts.compactMap({ NoteLink.noteID(in: $0.url) }) {
            AppDelegate.current?.openNoteWindow(for: noteID)
        }
    }

    private func recordState() {
        guard let editor else { return }
        NoteActivity.update(activity, noteID: editor.noteID, cursor: editor.cursorOffset)
        if prefersItsNote, let noteID = editor.noteID, let scene {
            let link = NoteLink.url(for: noteID).absoluteString
            if scene.activationConditions.prefersToActivateForTargetContentIdentifiers != [link] {
                scene.activationConditions.prefersToActivateForTargetContentIdentifiers = [link]
            }
        }
    }
}
