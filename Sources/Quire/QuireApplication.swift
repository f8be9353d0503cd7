import GtkKit
import NoteModel
import Storage

/// The application: opens the notes database, shows the note window, and
/// makes sure what was typed is saved before the process ends.
@MainActor
final class QuireApplication {
    /// The application identifier, also the D-Bus name and the data folder's name.
    static let applicationID = "io.github.quire.Quire"

    private let application = Application(id: QuireApplication.applicationID)
    private var noteStore: Result<NoteStore, any Error>?
    private var noteWindow: NoteWindow?
    private var errorWindow: Window?

    init() {
        application.onStartup { [unowned self] in startUp() }
        application.onActivate { [unowned self] in activate() }
        application.onShutdown { [unowned self] in noteWindow?.saveNow() }
    }

    /// Runs until the last window closes or the app is asked to quit; returns the exit status.
    func run() -> Int32 { application.run() }

    private func startUp() {
        let directories = AppDirectories(applicationID: QuireApplication.applicationID)
        noteStore = Result { try NoteStore(directories: directories) }
        if case let .failure(error) = noteStore {
            Log.error("could not open your notes: \(error)")
        }
        application.addAction("quit", accelerators: ["<Control>q"]) { [unowned self] in quit() }
        application.addAction("close-window", accelerators: ["<Control>w"]) { [unowned self] in
            noteWindow?.window.close()
        }
        UnixSignals.onTerminationRequest { [unowned self] in quit() }
    }

    private func activate() {
        switch noteStore {
        case let .success(store):
            let noteWindow = self.noteWindow ?? makeNoteWindow(store: store)
            noteWindow.present()
        case let .failure(error):
            presentError(error)
        case nil:
            preconditionFailure("activate before startup")
        }
    }

    private func makeNoteWindow(store: NoteStore) -> NoteWindow {
        let noteWindow = NoteWindow(application: application, store: store)
        noteWindow.window.onDestroy { [unowned self] in self.noteWindow = nil }
        self.noteWindow = noteWindow
        return noteWindow
    }

    /// Shows why the notes could not be opened; the file is never touched.
    private func presentError(_ error: any Error) {
        if let errorWindow {
            errorWindow.present()
            return
        }
        let window = Window(application: application)
        window.title = "Quire"
        window.setDefaultSize(width: 560, height: 240)
        let label = Label("""
            Quire could not open your notes.

            \(error)

            Nothing was changed. Move the file aside to start with an empty notebook.
            """)
        label.setMargins(24)
        window.setChild(label)
        window.onDestroy { [unowned self] in errorWindow = nil }
        errorWindow = window
        window.present()
    }

    /// Saves what is unsaved and ends the main loop (Ctrl+Q, SIGTERM, SIGINT, SIGHUP).
    private func quit() {
        noteWindow?.saveNow()
        application.quit()
    }
}
