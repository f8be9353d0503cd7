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
    private let activity = NoteActivity.make(noteID: nil, cursor: 0)

    required init() {}

    /// The note a window starts with when nothing asks for a particular one.
    func initialNoteID(in store: NoteStore) -> UUID? { nil }

    func scene(_ scene: Scene, willConnectTo session: SceneSession, options: SceneConnectionOptions) {
        guard let scene = scene as? WindowScene, let app = AppDelegate.current else { return }
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

    private func recordState() {
        guard let editor else { return }
        NoteActivity.update(activity, noteID: editor.noteID, cursor: editor.cursorOffset)
    }
}
