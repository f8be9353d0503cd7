import FoundationEssentials
import GtkKit
import NoteModel
import Scenes
import Storage

/// Quire's application delegate: opens the notes at launch, adds the app's
/// actions, picks each new window's configuration (the note editor for a
/// request about one note, the main window otherwise), and makes each window's
/// scene delegate, handing it the notes and menus (`NoteWindowServices`).
@MainActor
final class AppDelegate: ApplicationDelegate, NoteWindowServices {
    /// The application identifier, also the D-Bus name and the data folders' name.
    static let applicationID = "io.github.quire.Quire"
    /// The scene configurations the app asks for (`Resources/Info.plist`): main windows and note windows.
    static let mainConfiguration = "Default Configuration"
    static let noteConfiguration = "Note Editor"
    static let configurations = [mainConfiguration, noteConfiguration]

    /// The notes, or why they could not be opened; shared by every window.
    private(set) var notes: Result<NoteStore, any Error> = .failure(NoteStoreError.notOpenedYet)

    /// The notes open in windows (or unsaved), one document each; nil if the
    /// notes could not be opened.
    private(set) var documents: NoteDocuments?

    /// Import and export of notes as files, once the notes are open.
    private(set) var transfers: NoteTransfers?

    /// Sync with the account set up, once the notes are open; and when it runs.
    private(set) var sync: SyncController?
    private var syncActions: SyncActions?

    /// The menus' and the command line's import and export.
    private(set) lazy var fileTransfers = FileTransferActions { [weak self] in self?.transfers }

    /// The next main window, built while the app is idle.
    private let mainWindowAhead = MainWindowAhead()

    /// Zoom In, Zoom Out, Reset Zoom, and the document font they zoom.
    private let zoomActions = ZoomActions()

    /// Pin Note, in the primary menu and each list row's menu.
    private(set) lazy var pinActions = PinActions { [weak self] in
        guard case let .success(store) = self?.notes else { return nil }
        return store
    }

    /// Move to Category…, in the primary menu and each list row's menu.
    private lazy var categoryActions = CategoryActions { [weak self] in
        guard case let .success(store) = self?.notes else { return nil }
        return store
    }

    /// Rename Category… and Remove Category…, in the sidebar's menus.
    private lazy var categoryEditing = CategoryEditing { [weak self] in
        guard case let .success(store) = self?.notes else { return nil }
        return store
    }

    /// The app, from its launch on.
    private(set) weak var application: Application?

    /// What this launch found that the person should hear of, said once.
    private var launchNotices = LaunchNotices()
    /// Where the last closed window is recorded, and what it recorded.
    private var lastWindowPath: String?
    private(set) var lastWindow: NoteWindowState?
    /// The write of `lastWindow`, while one waits for the closing to be over.
    private var lastWindowSave: MainLoopSource?

    /// The primary menu every window shows: New Note, New Window, Open in New
    /// Window, Pin Note, Export Note…, Move to Trash, Move to Category…, Zoom In, Zoom Out, Reset Zoom, Import Notes…, Import Folder…,
    /// Export Notes…, the open windows, Keyboard Shortcuts, About, Quit.
    let primaryMenu = Menu()

    /// The menu of a note list row (right-click): Open in New Window, Pin Note,
    /// Export Note…, Move to Trash, Move to Category….
    let rowMenu = Menu()

    /// The menu of a row in the trash: Restore, Delete Forever.
    let trashRowMenu = Menu()

    /// Quire's version, shown in About.
    static let version = "0.1.0"

    /// Windows that are not scenes (About, Keyboard Shortcuts), kept until closed.
    private var auxiliaryWindows: [ObjectIdentifier: Window] = [:]

    /// Ctrl+Q: quits at once if every note is saved; otherwise asks first,
    /// saying why they are not and where their text is kept.
    func applicationShouldTerminate(_ application: Application) -> ApplicationTerminateReply {
        guard let documents, !documents.saveAll() else { return .terminateNow }
        let keptEverywhere = documents.keepDraftsOfUnsaved()
        let unsaved = documents.unsaved
        guard let window = AppDelegate.frontScene(in: application)?.window else { return .terminateNow }
        let reason = unsaved.first?.problem?.message ?? ""
        let detail = keptEverywhere
            ? localized("Their text is kept in recovery copies, and Quire puts it back into the notes the next time it starts.")
            : localized("Some of it could not be copied anywhere either: quitting now loses it.")
        ConfirmationDialog.ask(
            over: window, question: localized("Quit Without Saving?"),
            detail: localizedPlural("%d note could not be saved.", "%d notes could not be saved.", count: unsaved.count)
                + " \(detail)\n\n\(reason)",
            confirmLabel: localized("_Quit Anyway"),
            cancel: { application.reply(toApplicationShouldTerminate: false) }
        ) {
            application.reply(toApplicationShouldTerminate: true)
        }
        return .terminateLater
    }

    /// Every window has saved by now: one last try for text that would not
    /// save, then its drafts; closing the notes lets SQLite fold its log into
    /// the file, so the next launch starts without replaying it, and the
    /// typing journals waiting for that are put in place or removed.
    func applicationWillTerminate(_ application: Application) {
        finishLastWindowSave()
        if let documents, !documents.saveAll() { documents.keepDraftsOfUnsaved() }
        documents?.close()
        sync?.close()
        if case let .success(store) = notes { store.close() }
        TypingJournal.finishPendingWrites()  // journals waiting for the notes on disk: they are
    }

    func application(_ application: Application, didFinishLaunchingWithOptions options: [String: String]) -> Bool {
        self.application = application
        let directories = AppDirectories(applicationID: AppDelegate.applicationID)
        if let icons = Resources.sourceTreeIcons { Toolkit.addIconSearchPath(icons) }  // the app's icon, not installed
        StylePreference.apply(from: .shared)
        // Every icon folder added (GtkSourceView's with the styling), the icon theme
        // is read beside the launch rather than inside the first window's build.
        MarkdownStyle.prepare()
        Toolkit.readIconThemeInBackground()
        Toolkit.rememberClientPointer()
        lastWindowPath = LastWindowFile.path(in: directories)
        lastWindow = lastWindowPath.flatMap(LastWindowFile.load(from:))
        notes = Result { try NoteStore(directories: directories) }
        switch notes {
        case let .success(store):
            store.listOrder = Preferences.shared.values.sortOrder
            let documents = NoteDocuments(
                store: store, drafts: DraftStore(stateDirectory: directories.stateDirectory),
                journals: FilePaths.join(directories.stateDirectory, "journals"))
            self.documents = documents
            documents.onFailureOutOfSight = { [weak self] document in self?.tellFailureOutOfSight(of: document) }
            transfers = NoteTransfers(store: store) { _ = documents.saveAll() }
            let sync = SyncController(notesPath: store.path) { _ = documents.saveAll() }
            self.sync = sync
            syncActions = SyncActions(controller: sync, store: store)
            launchNotices.add(store.openingNotices)
            launchNotices.add(recovered: documents.recoverJournals() + documents.recoverDrafts(), in: store)
            for case let .damagedLogKeptAside(reason, copy) in store.openingNotices {
                Log.error("the log of your notes was damaged (\(reason)); the notes and the log, as they were, are kept in \(copy) and \(copy)-wal")
            }
        case let .failure(error):
            let advice = (error as? StorageError).map { StorageAdvice.forNotes($0.kind, path: $0.path) } ?? ""
            Log.error("could not open your notes: \(error) \(advice)")
        }
        // Once the saved windows are back: what this launch found, in the window in front.
        MainLoop.idle { [weak self] in
            self?.showLaunchNotices(in: application)
            return false
        }
        application.addAction("new-window", accelerators: ["<Control><Shift>n"]) {
            application.requestSceneSessionActivation(nil, userActivity: nil)
        }
        application.addAction("new-note", accelerators: ["<Control>n"]) {
            guard let window = AppDelegate.focusedNoteWindow(in: application) else { return }
            if window.prefersItsNote { AppDelegate.startNewNoteInMainWindow(in: application) } else { window.startNewNote() }
        }
        application.addAction("open-in-new-window", accelerators: ["<Control><Shift>o"]) { [weak self] in
            // The new window opens where the person was in the note: cursor, selection, scroll.
            // From a row's menu for another note, that note, from its start.
            guard let window = AppDelegate.focusedNoteWindow(in: application)?.noteWindow else { return }
            if let other = window.notesActedOn.first, window.notesActedOn.count == 1 {
                self?.openNoteWindow(for: other, showing: nil)
            } else if let noteID = window.noteIDSavingNewNote() {
                self?.openNoteWindow(for: noteID, showing: window.viewActivity())
            }
        }
        // Not Ctrl+Delete: in the editor, as in every GTK text view, it deletes the next word.
        application.addAction("move-to-trash", accelerators: ["<Alt>Delete"]) {
            guard let window = AppDelegate.focusedNoteWindow(in: application)?.noteWindow else { return }
            let several = window.notesActedOn
            if several.isEmpty { window.moveNoteToTrash() } else { window.moveNotesToTrash(several) }
        }
        // Delete in the list: the trash for a note, Delete Forever (with Undo) in
        // the trash (a row's menu there too).
        application.addAction("delete-selected") {
            (AppDelegate.focusedScene(in: application)?.delegate as? MainSceneDelegate)?.deleteSelectedNote()
        }
        application.addAction("restore-note") {
            (AppDelegate.focusedScene(in: application)?.delegate as? MainSceneDelegate)?.restoreSelectedNote()
        }
        application.addAction("search", accelerators: ["<Control>f"]) {
            (AppDelegate.focusedScene(in: application)?.delegate as? MainSceneDelegate)?.focusSearch()
        }
        // The note's matches of the window's search, as GNOME's editors step through theirs.
        application.addAction("find-next", accelerators: ["F3", "<Control>g"]) {
            (AppDelegate.focusedScene(in: application)?.delegate as? MainSceneDelegate)?.stepToMatch(forward: true)
        }
        application.addAction("find-previous", accelerators: ["<Shift>F3", "<Control><Shift>g"]) {
            (AppDelegate.focusedScene(in: application)?.delegate as? MainSceneDelegate)?.stepToMatch(forward: false)
        }
        application.addAction("shortcuts", accelerators: ["<Control>question"]) { [weak self] in
            do {
                self?.present(try Window(uiFile: Resources.path("shortcuts.ui"), name: "shortcuts"), in: application)
            } catch {
                Log.error("\(error)")
            }
        }
        application.addAction("about") { [weak self] in
            self?.present(Window(
                aboutApp: "Quire", title: localized("About Quire"), version: AppDelegate.version,
                comments: localized("Notes in as many windows as you like, each back as you left it."),
                website: "https://github.com/quire/quire", iconName: AppDelegate.applicationID,
                developer: localized("The Quire developers"), issueURL: "https://github.com/quire/quire/issues"), in: application)
        }
        application.addAction("print", accelerators: ["<Control>p"]) {
            AppDelegate.focusedNoteWindow(in: application)?.noteWindow.printNote()
        }
        application.addAction("close-window", accelerators: ["<Control>w"]) {
            AppDelegate.focusedScene(in: application)?.window.close()
        }
        fileTransfers.install(on: application)
        syncActions?.install(on: application)
        zoomActions.install(on: application)
        pinActions.install(on: application)
        categoryActions.install(on: application)
        categoryEditing.install(on: application)
        HelpOpening.install(on: application)
        buildPrimaryMenu(windows: application.windowMenu)
        rowMenu.append(localized("Open in New Window"), action: "app.open-in-new-window")
        PinActions.append(to: rowMenu)
        rowMenu.append(localized("Export Note…"), action: "app.export-note")
        rowMenu.append(localized("Move to Trash"), action: "app.move-to-trash")
        CategoryActions.append(to: rowMenu)
        // In the trash: what the bar under the list offers, for the note right-clicked.
        trashRowMenu.append(localized("_Restore"), action: "app.restore-note")
        trashRowMenu.append(localized("_Delete Forever"), action: "app.delete-selected")
        return true
    }

    func application(
        _ application: Application, configurationForConnecting session: SceneSession,
        options: SceneConnectionOptions
    ) -> SceneConfiguration {
        let aboutOneNote = options.userActivities.contains { NoteWindowState.noteID(in: $0) != nil }
            || options.urlContexts.contains { NoteLink.noteID(in: $0.url) != nil }
        return SceneConfiguration(
            name: aboutOneNote ? AppDelegate.noteConfiguration : AppDelegate.mainConfiguration, sessionRole: session.role)
    }

    func application(_ application: Application, sceneDelegateFor session: SceneSession) -> (any SceneDelegate)? {
        guard session.configuration.name == AppDelegate.mainConfiguration else { return NoteSceneDelegate(services: self) }
        return mainWindowAhead.take(for: session) ?? MainSceneDelegate(services: self)
    }

    func windowDidShow() {
        BehindWindowsFill.windowDidShow()
        mainWindowAhead.buildWhenQuiet(services: self)
    }

    func application(_ application: Application, reasonNotToOpen url: URL) -> String? {
        if url.isFileURL {
            // `quire notes.md`, as a text editor would be run: the way in is import.
            let path = url.path
            let safe = path.allSatisfy { $0.isLetter || $0.isNumber || "/._-+,:@%".contains($0) }
            let quoted = "'" + path.split(separator: "'", omittingEmptySubsequences: false).joined(separator: #"'\''"#) + "'"
            let argument = safe ? path : quoted
            return localized("%s is not a note: to make notes of it, run quire --import %s", path, argument)
        }
        guard let id = NoteLink.noteID(in: url) else {
            return localized("%s is not a Quire note link (expected quire://note/<id>)", url.absoluteString)
        }
        guard case let .success(store) = notes else { return localized("The notes cannot be opened, so %s cannot be shown", url.absoluteString) }
        guard (try? store.note(id: id)) != nil else {
            return localized("There is no note %s (it may have been deleted)", id.uuidString.lowercased())
        }
        return nil
    }

    /// Says what the launch found, once, in the window in front; windows the
    /// crash-loop guard kept aside get a Reopen button.
    private func showLaunchNotices(in application: Application) {
        if let problem = application.sessionStoreProblem { launchNotices.add(problem) }
        let setAside = application.setAsideThisLaunch
        launchNotices.add(setAside: setAside)
        guard !launchNotices.isEmpty,
              let window = AppDelegate.frontNoteWindow(in: application)?.noteWindow
        else { return }
        let text = launchNotices.messages.joined(separator: "\n")
        launchNotices = LaunchNotices()
        if setAside.isEmpty {
            window.banner.show(text, actionLabel: localized("_OK"))
        } else {
            window.banner.show(text, actionLabel: localized("_Reopen"), tooltip: localized("Try to open the window again")) {
                for session in setAside { application.reopenSetAsideSession(session) }
            }
        }
    }

    /// Shows a window that is not a scene over the focused window, keeping it until it closes.
    private func present(_ window: Window, in application: Application) {
        if let parent = AppDelegate.focusedScene(in: application)?.window {
            window.makeDialog(of: parent, modal: true)
        }
        let key = ObjectIdentifier(window)
        auxiliaryWindows[key] = window
        window.onDestroy { [weak self] in self?.auxiliaryWindows[key] = nil }
        window.present()
    }

    /// The scene whose window has the keyboard focus, for the window actions.
    /// Asks the windows themselves: a shortcut pressed the instant a window got
    /// the focus arrives before the scene's state catches up.
    static func focusedScene(in application: Application) -> WindowScene? {
        let scenes = application.connectedScenes.compactMap { $0 as? WindowScene }
        return scenes.first { $0.window.isActive } ?? scenes.first { $0.activationState == .foregroundActive }
    }

    /// The delegate of the focused window, for the actions on its note.
    static func focusedNoteWindow(in application: Application) -> (any NoteWindowSceneDelegate)? {
        focusedScene(in: application)?.delegate as? any NoteWindowSceneDelegate
    }

    /// New Note from a note's own window, which is for its note alone: the
    /// note starts in the main window last in front, raised (a new main
    /// window if none is open), and the own window keeps its note.
    private static func startNewNoteInMainWindow(in application: Application) {
        let main = { application.scenesFrontToBack.first { $0.delegate is MainSceneDelegate } }
        if let scene = main() {
            application.requestSceneSessionActivation(scene.session, userActivity: nil)
        } else {
            application.requestSceneSessionActivation(nil, userActivity: nil)
        }
        guard let window = main()?.delegate as? MainSceneDelegate else { return }
        window.startNewNote()
        window.noteWindow.editor?.focus()
    }

    /// The scene to speak in when the app has something to say: the focused
    /// one, or any with a window.
    static func frontScene(in application: Application) -> WindowScene? {
        focusedScene(in: application) ?? application.connectedScenes.compactMap { $0 as? WindowScene }.first
    }

    /// The delegate of the window to speak in, if it shows notes.
    static func frontNoteWindow(in application: Application) -> (any NoteWindowSceneDelegate)? {
        frontScene(in: application)?.delegate as? any NoteWindowSceneDelegate
    }

    func menuWillOpen(for noteID: UUID?) { pinActions.menuWillOpen(for: noteID) }

    /// Says, in the front window, that a note no window shows could not be
    /// saved (its window closed before its save ended; or it was on its way
    /// to the trash, and stays out of it), and whether a recovery copy of it
    /// is kept, offering to show it.
    private func tellFailureOutOfSight(of document: NoteDocument) {
        guard let application,
              let window = AppDelegate.frontNoteWindow(in: application)?.noteWindow else { return }
        let title = ShownTitle.of(Note.title(ofBody: document.currentText))
        let drafted = document.problem?.draftFailure == nil
        let message = switch (document.isLeavingForTheTrash, drafted) {
        case (false, true): localized("“%s” could not be saved. Quire keeps trying, and keeps a recovery copy.", title)
        case (false, false): localized("“%s” could not be saved, nor a recovery copy written. Quire keeps trying.", title)
        case (true, true):
            localized("“%s” was not moved to the trash: it could not be saved. Quire keeps trying, and keeps a recovery copy.", title)
        case (true, false):
            localized("“%s” was not moved to the trash: it could not be saved, nor a recovery copy written. Quire keeps trying.", title)
        }
        let toast = Toast(  // a sentence this long wraps, its title with it
            message, buttonLabel: localized("_Show"), seconds: 10, urgent: true)
        toast.onButtonClicked { [weak self] in self?.openNoteWindow(for: document.noteID) }
        window.offer(toast)
    }

    /// A window closed (or the app quit): the next window opened afresh takes its size and place.
    /// Written once the closing is over (quitting with a hundred windows writes
    /// the file once, not a hundred times).
    func windowClosed(_ window: NoteWindowState) {
        lastWindow = window
        mainWindowAhead.windowClosed(services: self)
        guard lastWindowSave == nil else { return }
        lastWindowSave = MainLoop.idle { [weak self] in
            self?.lastWindowSave = nil
            self?.writeLastWindow()
            return false
        }
    }

    /// Writes the last closed window's record now if its write is still waiting
    /// (quitting: the main loop runs no more idle moments).
    private func finishLastWindowSave() {
        guard let pending = lastWindowSave else { return }
        pending.cancel()
        lastWindowSave = nil
        writeLastWindow()
    }

    /// Kept on disk only where the windows themselves can be saved: a state
    /// folder Quire may not write to is left exactly as it was.
    private func writeLastWindow() {
        guard let lastWindow, application?.sessionStoreProblem == nil, let lastWindowPath else { return }
        LastWindowFile.save(lastWindow, to: lastWindowPath)
    }

    /// Shows the note in its own window: raises the one it already has (its
    /// activation conditions prefer its link), or opens a new one.
    func openNoteWindow(for noteID: UUID, showing view: UserActivity? = nil) {
        application?.requestSceneSessionActivation(nil, userActivity: view ?? NoteWindowState(noteID: noteID).activity())
    }

    private func buildPrimaryMenu(windows: Menu) {
        let create = Menu()
        create.append(localized("New Note"), action: "app.new-note")
        create.append(localized("New Window"), action: "app.new-window")
        create.append(localized("Open in New Window"), action: "app.open-in-new-window")
        primaryMenu.appendSection(create)
        let note = Menu()
        PinActions.append(to: note)
        note.append(localized("Export Note…"), action: "app.export-note")
        note.append(localized("Print…"), action: "app.print")
        note.append(localized("Move to Trash"), action: "app.move-to-trash")
        CategoryActions.append(to: note)
        primaryMenu.appendSection(note)
        primaryMenu.appendSection(ZoomActions.menuSection())
        let files = Menu()
        files.append(localized("Import Notes…"), action: "app.import-notes")
        files.append(localized("Import Folder…"), action: "app.import-folder")
        files.append(localized("Export Notes…"), action: "app.export-notes")
        primaryMenu.appendSection(files)
        primaryMenu.appendSection(SyncActions.menuSection())
        let app = Menu()
        // A submenu: a section would make the menu a row longer for each
        // window, until (ten restored windows) it ran off the screen.
        app.appendSubmenu(windows, label: localized("Windows"))
        app.append(localized("Keyboard Shortcuts"), action: "app.shortcuts")
        app.append(localized("Help"), action: "app.\(HelpOpening.actionName)")
        app.append(localized("About Quire"), action: "app.about")
        app.append(localized("Quit"), action: "app.quit")
        primaryMenu.appendSection(app)
    }
}
