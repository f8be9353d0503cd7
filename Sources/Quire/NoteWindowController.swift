import FoundationEssentials
import GtkKit
import NoteModel
import Scenes

/// What every window showing a note does, owned by its scene delegate: it
/// restores the window from its state (`NoteWindowState`) in the session's
/// restoration activity, and reads that state again whenever it is saved; it says what the app
/// has to say (a save that fails, with Try Again; notices; toasts with Undo);
/// and a window whose note cannot be saved does not close without asking.
/// What differs between kinds of window it asks its `owner`.
@MainActor
final class NoteWindowController {
    /// The app's notes, menus and windows, as the app handed them over.
    let services: any NoteWindowServices
    /// The scene delegate that owns this controller, which sets itself here as it is made.
    weak var owner: (any NoteWindowSceneDelegate)?
    private(set) var editor: NoteEditor?
    /// Things the app has to say that stay until read (text recovered, a window set aside).
    let banner = MessageBar()
    /// Shows toasts over the window's content: Undo after Move to Trash. Set once
    /// the window has content (not for a window without notes).
    private var toasts: ToastOverlay?
    /// The header bar's sync button (shown while a sync runs or after one failed).
    private var syncStatus: SyncStatusButton?
    /// The primary menu's zoom row, once the menu has first opened.
    private var zoomControl: ZoomControl?
    /// The toast offering Undo, while it may still show.
    private var undoToast: Toast?
    /// Why the note is not saved, while saving fails, with Try Again.
    private let saveBar = MessageBar(isError: true)
    /// The note removed elsewhere that `removalBar` tells of, and what it
    /// says, while it does; nil for the new note a window started in place of
    /// a note deleted before it opened, until that one is saved.
    var removalNotice: (noteID: UUID?, message: String)?
    /// The bar telling of a note removed elsewhere, under `banner`: a bar of
    /// its own, so that a notice shown later (what the launch found, an
    /// import's outcome) never hides it while it holds. Made the first time
    /// it shows: most windows never need it.
    var removalBar: MessageBar?
    /// The window's bars and content, one above the other, once it has notes.
    private(set) var barsAndContent: Box?
    private(set) weak var scene: WindowScene?
    /// The window's restoration activity: marked for saving as the window
    /// changes, filled in with its state only as it is saved (while the window
    /// waits to be filled in, it holds the state saved last time, untouched).
    let activity = NoteWindowState().activity()
    /// The smallest size a window opens at when nothing was saved.
    static let smallestFirstSize: (width: Int32, height: Int32) = (720, 540)

    /// The size a window opens at when nothing was saved: half the largest
    /// monitor's width and three fifths of its height, at least 720 × 540 (all
    /// of a 1280 × 800 screen's share) and at most 1100 × 800, so a large
    /// screen gets a window that shows a note and its list at ease.
    static var defaultSize: (width: Int32, height: Int32) {
        guard let monitor = Toolkit.largestMonitorSize else { return smallestFirstSize }
        return (min(max(monitor.width / 2, smallestFirstSize.width), 1_100),
                min(max(monitor.height * 3 / 5, smallestFirstSize.height), 800))
    }

    /// A controller for a window with the app's `services`.
    init(services: any NoteWindowServices) {
        self.services = services
    }

    /// The note shown, once it exists.
    var noteID: UUID? { editor?.noteID }

    /// The note shown, for an action on it (a category, an export, its own
    /// window): a new note typed into a moment ago, which the autosave has
    /// not stored yet, is saved first. Nil while nothing is typed, or if that
    /// save failed (the save bar says why).
    func noteIDSavingNewNote() -> UUID? {
        guard let editor else { return nil }
        if editor.noteID == nil, editor.document.hasUnsavedText { _ = editor.saveNow() }
        return editor.noteID
    }

    /// The notes, if they could be opened.
    var store: NoteStore? {
        guard case let .success(store) = services.notes else { return nil }
        return store
    }

    /// A window restored behind the one in front, until it is filled in
    /// (`NoteWindowController+FillingIn`): the interaction state the
    /// framework handed over meanwhile, the rest of its connection, and the
    /// watch that fills it in as soon as it becomes active.
    var waitingToFill: (interaction: UserActivity?, fillIn: @MainActor () -> Void, activeWatch: SignalConnection)?

    /// The window built ahead (`buildAhead`), until its scene takes it.
    private(set) var windowBuiltAhead: Window?

    /// Builds `window`'s widgets before anyone asks for it, while the app is
    /// idle: the header bar, and the content on no note (an editor on a new,
    /// empty one, which nothing is saved from unless typed into); then makes
    /// its window on the display, which fixes its size: give it its size
    /// first. Its scene takes the window as it connects, and `connect` only
    /// puts in the note and the state: the window maps as soon as it is
    /// asked for, without a moment of building. Nothing without notes.
    func buildAhead(in window: Window) {
        guard barsAndContent == nil, let owner, case let .success(store) = services.notes,
              let documents = services.documents
        else { return }
        addHeader(in: window, withNoteControls: true, owner: owner)
        buildContent(in: window, store: store, documents: documents, noteID: nil, windowHeight: window.expectedHeight, owner: owner)
        window.realize()
        windowBuiltAhead = window
    }

    /// Lets go of the window built ahead, which no scene took: its editor's
    /// new note, untouched, and its window.
    func discardBuiltAhead() {
        guard let window = windowBuiltAhead else { return }
        windowBuiltAhead = nil
        editor?.close()
        editor = nil
        window.destroy()
    }

    /// Builds the window (unless it was built ahead): its header bar, its
    /// size and place, and with notes, the rest (`fillIn`); without notes,
    /// why they could not be opened. A window restored behind the one in
    /// front gets the rest once the app is idle (`waitToFill`).
    func connect(_ scene: Scene, to session: SceneSession, options: SceneConnectionOptions) {
        guard let scene = scene as? WindowScene, let owner else { return }
        let builtAhead = windowBuiltAhead === scene.window
        windowBuiltAhead = nil
        self.scene = scene
        scene.subtitle = owner.kindOfWindow
        guard case let .success(store) = services.notes, let documents = services.documents else {
            addHeader(in: scene.window, withNoteControls: false, owner: owner)
            scene.title = "Quire"
            if case let .failure(error) = services.notes {
                scene.window.setDefaultSize(width: Self.defaultSize.width, height: Self.defaultSize.height)
                scene.window.setChild(UnreadableNotesView(error: error).root)
            }
            return
        }
        if !builtAhead { addHeader(in: scene.window, withNoteControls: true, owner: owner) }
        let saved = session.stateRestorationActivity.map(NoteWindowState.init)
        // A window of its own to restore comes back as it was; a new one opens as the last one closed.
        let last = saved == nil ? services.lastWindow : nil
        let windowSize = NoteWindowSize.forNewWindow(after: last, saved: saved)
        if !builtAhead { windowSize.apply(to: scene.window) }  // else built at that size
        // A window dragged out (a note's row let go on the desktop) opens where it was let go, on screen.
        let openedAt = saved == nil ? options.userActivities.lazy.compactMap { NoteWindowState($0).position }.first : nil
        if let position = saved?.position ?? openedAt.map({ Self.keptOnScreen($0, size: windowSize) }) {
            // Where it was on the screen (X11 only; Wayland does not let apps place windows).
            scene.window.onFirstFrame { [weak scene] in scene?.window.move(to: position) }
        }
        let fillIn: @MainActor () -> Void = { [weak self, weak scene] in
            guard let scene else { return }
            self?.fillIn(scene, store: store, documents: documents, saved: saved, last: last, options: options, builtAhead: builtAhead)
        }
        if options.isBehindTheFront, !builtAhead, let restoring = session.stateRestorationActivity,
           restoring.activityType == NoteWindowState.activityType {
            waitToFill(scene, restoring: restoring, showing: saved?.noteID, fillIn)
        } else {
            if options.restoration != .none { becomeFront(of: scene) }
            fillIn()
        }
    }

    /// Builds the rest of a window `connect` began: the editor on the note it
    /// restores (`saved`), the activity opening it asks for, or the owner's
    /// choice, and the owner's content around it; then puts in its state.
    private func fillIn(
        _ scene: WindowScene, store: NoteStore, documents: NoteDocuments, saved: NoteWindowState?, last: NoteWindowState?,
        options: SceneConnectionOptions, builtAhead: Bool
    ) {
        guard let owner else { return }
        let prefersItsNote = owner.prefersItsNote
        var requested = saved?.noteID
            ?? options.userActivities.lazy.compactMap(NoteWindowState.noteID(in:)).first
            ?? options.urlContexts.lazy.compactMap { NoteLink.noteID(in: $0.url) }.first
        // A note in the trash (moved there elsewhere since the window last saved its
        // state, or a link's note): its own window opens on it and says so, with
        // Restore; a main window shows the newest note instead.
        var openedInTrash: UUID?
        if let id = requested, (try? store.isInTrash(id)) == true {
            Log.error("the note \(id.uuidString) of a window being opened is in the trash; \(prefersItsNote ? "the window shows it, saying so" : "the window shows the newest note")")
            if prefersItsNote { openedInTrash = id } else { requested = nil }
        }
        // A note deleted for good (elsewhere, since the window last saved its state): a
        // main window shows the newest note instead, a note's own window a new note, saying why.
        var openedOnDeleted = false
        if let id = requested, (try? store.revision(of: id) == nil) == true {
            Log.error("the note \(id.uuidString) of a window being opened no longer exists; \(prefersItsNote ? "the window starts a new note, saying so" : "the window shows the newest note")")
            openedOnDeleted = prefersItsNote
            requested = nil
        }
        let noteID = requested ?? owner.initialNoteID(in: store)
        if !builtAhead {
            buildContent(in: scene.window, store: store, documents: documents, noteID: noteID,
                         windowHeight: scene.window.expectedHeight, owner: owner)
        }
        guard let editor else { return }
        if builtAhead, editor.noteID != noteID { editor.show(noteID: noteID) }
        editor.zoom = saved?.zoom ?? EditorZoom.normal
        if let last, requested == nil, last.noteID != nil, last.noteID == editor.noteID {
            editor.select(cursor: last.cursor, bound: last.selectionBound ?? last.cursor)
            revealCursorOnceSized(in: editor)
        }
        let opening = options.userActivities.map(NoteWindowState.init)
        if saved == nil, let opening = opening.first(where: { $0.noteID == editor.noteID }) {
            show(opening, in: editor)  // opened from another window: at its cursor and selection, in view
        }
        if saved == nil, let opening = opening.first {
            owner.restoreExtraState(from: opening)  // a main window opened on a search
        }
        editor.focus()
        titleChanged(to: editor.windowTitle)
        stateChanged()
        saveStateChanged()
        if let openedInTrash { sayInTrash(openedInTrash) }
        if openedOnDeleted { sayDeletedBeforeOpening() }
        scene.window.onFirstFrame { [services] in services.windowDidShow() }
        scene.userActivity = activity
    }

    /// The window's header bar, with the main menu and the sync button, and
    /// where there are notes, the owner's note controls.
    private func addHeader(in window: Window, withNoteControls: Bool, owner: any NoteWindowSceneDelegate) {
        let header = HeaderBar()
        header.packEnd(MenuButton(
            iconName: "open-menu-symbolic", menu: services.primaryMenu, accessibleName: localized("Main Menu"),
            menuChildren: [ZoomActions.menuItemID: { [weak self] in self?.makeZoomControl() ?? Box(vertical: false) }],
            willOpen: { [weak self] in self?.services.menuWillOpen(for: self?.noteID) }))
        if let sync = services.sync { syncStatus = SyncStatusButton(in: header, following: sync) }
        if withNoteControls { owner.decorate(header) }
        window.setTitlebar(header)
    }

    /// The editor on the note `noteID` (a new one if nil), the bars over it,
    /// and the owner's content around it (a main window's list, for a window
    /// `windowHeight` tall), as `window`'s child.
    private func buildContent(
        in window: Window, store: NoteStore, documents: NoteDocuments, noteID: UUID?, windowHeight: Int32,
        owner: any NoteWindowSceneDelegate
    ) {
        let editor = NoteEditor(documents: documents, noteID: noteID)
        editor.onTitleChange = { [weak self] in self?.titleChanged(to: $0) }
        editor.onStateChange = { [weak self] in self?.stateChanged() }
        editor.onNoteRemoved = { [weak self] in self?.noteWasRemoved(from: store) }
        editor.onNoteChanged = { [weak self] in self?.owner?.editorDidShow($0) }
        editor.onSaveStateChange = { [weak self] in self?.saveStateChanged() }
        editor.onOpenNoteLink = { [services] in services.openNoteWindow(for: $0, showing: nil) }
        // Ctrl and the wheel over the note zoom it, as in GNOME's other apps: up, larger.
        editor.scroller.onControlScroll { [weak self] steps in
            for _ in 0..<abs(steps) { self?.zoom(steps < 0 ? EditorZoom.larger(than:) : EditorZoom.smaller(than:)) }
        }
        self.editor = editor
        // Over the editor only: in a main window, a toast never covers the list's buttons.
        let toasts = ToastOverlay(child: editor.root)
        self.toasts = toasts
        // The bars span the window: a narrow main window showing its list hides the editor,
        // and a note that is not saved must say so whichever it shows.
        let content = Box(vertical: true)
        content.append(saveBar.root)
        content.append(banner.root)
        content.append(owner.makeContent(around: toasts, store: store, in: window, windowHeight: windowHeight))
        barsAndContent = content
        // A note's row let go anywhere in a window that takes nothing there is
        // taken, doing nothing: only one let go outside every window (on the
        // desktop) opens the note in a window of its own.
        content.onTextDrop { text in NoteLink.noteID(inDropped: text) != nil }
        window.setChild(content)
    }

    /// `corner`, moved left and up as far as a window of `size` needs to be
    /// all on the largest monitor.
    private static func keptOnScreen(_ corner: (x: Int32, y: Int32), size: NoteWindowSize) -> (x: Int32, y: Int32) {
        guard let screen = Toolkit.largestMonitorSize else { return corner }
        return (max(0, min(corner.x, screen.width - size.width)), max(0, min(corner.y, screen.height - size.height)))
    }

    /// Puts back the cursor, selection and scroll the window had, and what else its owner keeps.
    func restoreInteractionState(with stateRestorationActivity: UserActivity) {
        guard waitingToFill == nil else {
            waitingToFill?.interaction = stateRestorationActivity
            return
        }
        let state = NoteWindowState(stateRestorationActivity)
        if let editor { show(state, in: editor) }
        owner?.restoreExtraState(from: state)
    }

    /// Puts the cursor and selection `state` recorded into `editor`, and its
    /// scroll position; without one, scrolls to the cursor.
    private func show(_ state: NoteWindowState, in editor: NoteEditor) {
        let cursor = state.cursor
        editor.select(cursor: cursor, bound: state.selectionBound ?? cursor)
        if let scroll = state.scroll {
            editor.restoreScroll(to: scroll)
        } else if cursor != 0 {
            revealCursorOnceSized(in: editor)
        }
    }

    /// Scrolls `editor` to its cursor once the window has its size (after its
    /// first frame), or at once if it is on screen already. A scroll asked for
    /// while a new window is still being laid out (the text wrapped to a
    /// narrower first width, so taller) could leave a short note scrolled out
    /// of sight, the window showing nothing of it.
    private func revealCursorOnceSized(in editor: NoteEditor) {
        guard let window = scene?.window, !window.isMapped else { return editor.revealCursor() }
        window.onFirstFrame { [weak editor] in editor?.revealCursor() }
    }

    /// Where this window is in its note (the note, its cursor and selection),
    /// for a new window to open at the same place. No scroll position: this
    /// window's may still be moving, and the new one scrolls to the cursor.
    func viewActivity() -> UserActivity? {
        guard let editor, let noteID = editor.noteID else { return nil }
        let place = editor.placeToKeep
        return NoteWindowState(noteID: noteID, cursor: place.cursor, selectionBound: place.bound).activity()
    }

    /// Prints the note (Ctrl+P, Print… in the main menu): GTK's print dialog
    /// over the window, whose Print to File writes a PDF, starting from the
    /// last print's settings (`PrintSettingsFile`, kept between launches). A
    /// failure is said in a toast; the keyboard is back in the note afterwards.
    func printNote() {
        guard let editor, let window = scene?.window else { return }
        PrintSettingsFile.loadOnce()
        editor.makePrint(fontName: EditorFont.notesFontName).showDialog(over: window) { [weak self] result in
            switch result {
            case .success(true): PrintSettingsFile.save()
            case .success(false): break
            case let .failure(failure): self?.offer(Toast(localized("The note could not be printed: %s", failure.message), seconds: 10))
            }
            self?.editor?.focus()
        }
    }

    /// Makes the text larger (Zoom In), smaller (Zoom Out) or its normal size
    /// (Reset Zoom) in this window; the window keeps it when it is restored.
    func zoom(_ change: (Int) -> Int) {
        guard let editor else { return }
        editor.zoom = change(editor.zoom)
        stateChanged()
        zoomControl?.show(editor.zoom)
    }

    /// The zoom row of this window's primary menu, showing its zoom.
    private func makeZoomControl() -> Widget {
        let control = ZoomControl(showing: editor?.zoom ?? EditorZoom.normal)
        zoomControl = control
        return control.root
    }

    /// The window is going: the app records it as the last one closed, and the editor lets go of its note.
    func disconnect(from scene: Scene) {
        if editor != nil || waitingToFill != nil, let scene = scene as? WindowScene { services.windowClosed(currentState(of: scene)) }
        waitingToFill?.activeWatch.disconnect()
        waitingToFill = nil
        editor?.close()
        editor = nil
    }

    /// A window whose note cannot be saved asks before closing; another window
    /// showing the same note keeps the text, so closing this one loses nothing.
    func shouldClose(_ scene: Scene) -> Bool {
        guard let editor, editor.document.viewCount <= 1, !editor.saveBeforeLeaving(),
              let window = (scene as? WindowScene)?.window
        else { return true }
        let problem = editor.document.problem
        let kept = problem?.draftFailure == nil
            ? localized("If you close it, Quire keeps trying to save it while it runs, and puts the text back from its recovery copy the next time it starts.")
            : localized("No recovery copy could be written, so if you close it and then quit before it is saved, the text is lost.")
        ConfirmationDialog.ask(
            over: window, question: localized("Close Without Saving?"),
            detail: "\(problem?.message ?? "")\n\n\(kept)",
            confirmLabel: localized("_Close Anyway"), cancelLabel: localized("_Keep Open")
        ) { [weak scene, weak application = services.application] in
            if let session = scene?.session { application?.requestSceneSessionDestruction(session) }
        }
        return false
    }

    /// The activity that brings the window back, holding its state as it is
    /// now (as it was saved, while the window waits to be filled in).
    func restorationActivity(for scene: Scene) -> UserActivity? {
        if waitingToFill == nil, let scene = scene as? WindowScene { currentState(of: scene).record(in: activity) }
        return activity
    }

    /// The window's state, read from it: its note, cursor, selection, scroll,
    /// zoom, size and place, and what else its owner keeps; the state it
    /// restores while it waits to be filled in.
    private func currentState(of scene: WindowScene) -> NoteWindowState {
        if waitingToFill != nil { return NoteWindowState(activity) }
        var state = NoteWindowState()
        if let editor {
            let place = editor.placeToKeep
            state = NoteWindowState(noteID: editor.noteID, cursor: place.cursor, selectionBound: place.bound)
            state.scroll = editor.scrollOffset
            state.zoom = editor.zoom
        }
        let window = scene.window
        let size = window.defaultSize
        (state.width, state.height, state.maximized) = (size.width, size.height, window.isMaximized)
        if !window.isMaximized, let position = window.screenPosition { (state.x, state.y) = position }
        owner?.recordExtraState(into: &state)
        return state
    }

    /// Offers Undo for what was just done, in a toast saying `message` (with
    /// its `%s` replaced by `name`, the part cut short in a narrow window) for
    /// a few seconds; pressing it (or Alt+U) runs `undo`, whose failure is
    /// logged after `failure`.
    func offerUndo(saying message: String, naming name: String? = nil, failure: String, _ undo: @escaping @MainActor () throws -> Void) {
        // Undo is for the newest action only: the toast offering it for an older
        // one goes, rather than wait its turn with a second Alt+U in the window.
        undoToast?.dismiss()
        let toast = name.map { Toast(message, naming: $0, buttonLabel: localized("_Undo"), seconds: 8, urgent: true) }
            ?? Toast(message, buttonLabel: localized("_Undo"), seconds: 8, urgent: true)
        undoToast = toast
        toast.onButtonClicked {
            do {
                try undo()
            } catch {
                Log.error("\(failure): \(error)")
            }
        }
        offer(toast)
    }

    /// Shows `toast` about an action Undo is not offered for (Restore, which
    /// the trash takes back): the toast offering Undo for an earlier one goes
    /// first, as Undo is for the newest action only. It would otherwise show
    /// on over this one, offering to undo what may just have been undone.
    func offerEndingUndo(_ toast: Toast) {
        undoToast?.dismiss()
        undoToast = nil
        offer(toast)
    }

    /// Undoes what the toast showing offers to undo, as its Undo button does
    /// (Ctrl+Z in the list and the categories); false if none shows.
    func undoFromToast() -> Bool { undoToast?.pressButton() ?? false }

    /// Shows `toast` over the window's note (queued behind one showing), or
    /// over its list where that is all a narrow window shows.
    func offer(_ toast: Toast) {
        fillInNow()
        (owner?.wideToasts ?? toasts)?.show(toast)
    }

    /// Shows, or hides, why the note is not saved; and any notice its document has.
    func saveStateChanged() {
        guard let editor else { return }
        hideRemovalNoticeIfPast()
        if let problem = editor.document.problem, problem.isWorthShowing {
            if saveBar.text != problem.message {
                saveBar.show(problem.message, actionLabel: localized("_Try Again"),
                             tooltip: localized("Try to save the note now")) { [weak self] in self?.editor?.tryAgain() }
            }
        } else if saveBar.isShown {
            saveBar.hide()
        }
        if let notice = editor.takeNotice() {
            banner.show(notice, actionLabel: localized("_OK"))
        }
    }

    /// Shows the window's new title and keeps it in the restoration activity
    /// (the Window menu names a disconnected window by it).
    private func titleChanged(to editorTitle: String) {
        show(title: owner?.windowTitle(editorTitle: editorTitle) ?? editorTitle)
    }

    /// Shows `title` ("Groceries — Quire") as the window's, and keeps it in
    /// the restoration activity as the Window menu names the window.
    func show(title: String) {
        scene?.title = title
        // Inside the app, the app's name goes: the Window menu reads "Groceries (main window)".
        let appSuffix = Self.appTitleSuffix
        let menuTitle = title.hasSuffix(appSuffix) && title.count > appSuffix.count ? String(title.dropLast(appSuffix.count)) : title
        scene?.menuTitle = menuTitle
        if activity.title != menuTitle { activity.title = menuTitle }
    }

    /// Shows the title again, after something other than the editor changed it.
    func refreshTitle() {
        if let editor { titleChanged(to: editor.windowTitle) }
    }

    /// Something the window's state holds changed (the cursor, the note, the
    /// zoom, a main window's category): the framework saves the state soon,
    /// reading it from the window then. A note's own window also asks to be
    /// the one raised for its note.
    func stateChanged() {
        activity.needsSave = true
        if let editor { prefersToActivate(for: editor.noteID) }
    }

    /// What the app's name adds to a window's title: " — Quire".
    static var appTitleSuffix: String { localized("%s — Quire", "") }

    /// A note's own window asks to be the one raised for its note, `noteID`.
    func prefersToActivate(for noteID: UUID?) {
        guard owner?.prefersItsNote == true, let noteID, let scene else { return }
        let link = NoteLink.url(for: noteID).absoluteString
        if scene.activationConditions.prefersToActivateForTargetContentIdentifiers != [link] {
            scene.activationConditions.prefersToActivateForTargetContentIdentifiers = [link]
        }
    }
}
