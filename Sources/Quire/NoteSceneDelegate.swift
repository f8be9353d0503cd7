import Foundation
import GtkKit
import NoteModel
import Scenes

/// The scene delegate of a window that edits one note ("Note Editor" in the
/// manifest). It restores its note and cursor from the session's restoration
/// activity and keeps that activity up to date as the user types.
@MainActor
class NoteSceneDelegate: WindowSceneDelegate {
    private(set) var editor: NoteEditor?
    private let banner = TrashBanner()
    private(set) weak var scene: Scene?
    private let activity = NoteActivity.make(noteID: nil, cursor: 0)

    required init() {}

    /// The note a window starts with when nothing asks for a particular one.
    func initialNoteID(in store: NoteStore) -> UUID? { nil }

    /// Whether the window is its note's own window: requests for the note raise it.
    var prefersItsNote: Bool { true }

    /// The note shown, once it exists.
    var noteID: UUID? { editor?.noteID }

    /// The window's content around the editor (a main window adds the list).
    func makeContent(around editorView: Widget, store: NoteStore) -> Widget { editorView }

    /// Adds controls to the header bar (a main window adds New Note).
    func decorate(_ header: HeaderBar) {}

    /// Called when the editor shows another note.
    func editorDidShow(_ noteID: UUID?) {}

    /// The note to show after the one shown was removed (a main window's choice).
    func noteToShowAfterRemoval(from store: NoteStore) -> UUID? { initialNoteID(in: store) }

    /// Saves what else the window shows into its restoration activity.
    func recordExtraState(into activity: UserActivity) {}

    /// Restores what else the window showed from its restoration activity.
    func restoreExtraState(from activity: UserActivity) {}

    func scene(_ scene: Scene, willConnectTo session: SceneSession, options: SceneConnectionOptions) {
        guard let scene = scene as? WindowScene, let app = AppDelegate.current else { return }
        self.scene = scene
        let header = HeaderBar()
        header.packEnd(MenuButton(iconName: "open-menu-symbolic", menu: app.primaryMenu, accessibleName: localized("Main Menu")))
        decorate(header)
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
        let editor = NoteEditor(store: store, liveEdits: app.liveEdits, noteID: requested ?? initialNoteID(in: store))
        editor.onTitleChange = { [weak self] in self?.titleChanged(to: $0) }
        editor.onStateChange = { [weak self] in self?.recordState() }
        editor.onNoteRemoved = { [weak self] in self?.noteWasRemoved(from: store) }
        editor.onNoteChanged = { [weak self] in self?.editorDidShow($0) }
        self.editor = editor
        let content = Box(vertical: true)
        content.append(banner.root)
        content.append(editor.root)
        let saved = session.stateRestorationActivity
        let size = saved.flatMap(NoteActivity.windowSize(in:)) ?? (720, 540)
        scene.window.setDefaultSize(width: size.width, height: size.height)
        if let saved, NoteActivity.isMaximized(in: saved) { scene.window.maximize() }
        scene.window.setChild(makeContent(around: content, store: store))
        editor.focus()
        titleChanged(to: editor.windowTitle)
        recordState()
        scene.userActivity = activity
    }

    /// Starts a new note in this window (New Note, Ctrl+N).
    func startNewNote() { editor?.startNewNote() }

    func scene(_ scene: Scene, restoreInteractionStateWith stateRestorationActivity: UserActivity) {
        let cursor = NoteActivity.cursor(in: stateRestorationActivity)
        editor?.select(cursor: cursor, bound: NoteActivity.selectionBound(in: stateRestorationActivity) ?? cursor)
        editor?.restoreScroll(to: NoteActivity.scroll(in: stateRestorationActivity))
        restoreExtraState(from: stateRestorationActivity)
    }

    func sceneDidEnterBackground(_ scene: Scene) { editor?.saveNow() }

    func sceneDidDisconnect(_ scene: Scene) {
        editor?.saveNow()
        editor = nil
    }

    func stateRestorationActivity(for scene: Scene) -> UserActivity? {
        recordState()
        if let window = (scene as? WindowScene)?.window {
            let size = window.defaultSize
            NoteActivity.recordWindow(activity, width: size.width, height: size.height, maximized: window.isMaximized)
        }
        if let editor {
            NoteActivity.recordView(activity, selectionBound: editor.selectionBound, scroll: editor.scrollOffset)
        }
        recordExtraState(into: activity)
        return activity
    }

    /// Moves the note shown to the trash and offers Undo (Move to Trash, Ctrl+Delete).
    func moveNoteToTrash() {
        guard let editor, case let .success(store)? = AppDelegate.current?.notes else { return }
        editor.saveNow()
        guard let id = editor.noteID else { return }  // an empty new note has nothing to trash
        let title = (try? store.note(id: id)).flatMap { $0?.title } ?? ""
        do {
            try store.moveToTrash(id)
        } catch {
            Log.error("could not move the note to the trash: \(error)")
            return
        }
        banner.show(title.isEmpty ? localized("Note moved to the trash") : localized("“%s” moved to the trash", title)) { [weak self] in
            do {
                try store.restoreFromTrash(id)
                self?.editor?.show(noteID: id)
                self?.editor?.focus()
            } catch {
                Log.error("could not take the note out of the trash: \(error)")
            }
        }
    }

    /// The note shown went to the trash (here or in another window): a note's own
    /// window closes, discarding its session; a main window moves to the most
    /// recent remaining note. Deferred to an idle moment, out of the signal
    /// handler that made the change.
    private func noteWasRemoved(from store: NoteStore) {
        MainLoop.idle { [weak self] in
            guard let self, let scene else { return false }
            if prefersItsNote {
                Application.shared?.requestSceneSessionDestruction(scene.session)
            } else {
                editor?.show(noteID: noteToShowAfterRemoval(from: store))
            }
            return false
        }
    }

    func scene(_ scene: Scene, openURLContexts urlContexts: Set<OpenURLContext>) {
        for noteID in urlContexts.compactMap({ NoteLink.noteID(in: $0.url) }) {
            AppDelegate.current?.openNoteWindow(for: noteID)
        }
    }

    /// Shows the window's new title and keeps it in the restoration activity
    /// (the Window menu names a disconnected window by it).
    private func titleChanged(to title: String) {
        scene?.title = title
        if activity.title != title { activity.title = title }
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
