import FoundationEssentials
import GtkKit
import NoteModel
import Scenes

/// Import and export as a person reaches them: the menus' Import Notes…,
/// Import Folder…, Export Notes… and a note's Export Note… (with the
/// desktop's file chooser), and `quire --import PATH…` and `quire --export DIR`
/// (run by the running Quire, or by a Quire started for them alone). An
/// import shows its progress after a second, says what it skipped and why,
/// and offers Undo. Each chooser opens in the folder the last one chose in,
/// and the first in the Documents folder.
@MainActor
final class FileTransferActions {
    /// The transfers, once the notes are open (nil if they could not be).
    private let transfers: @MainActor () -> NoteTransfers?
    /// The folder the last chooser chose in: the one chosen, or the one holding what was chosen.
    private var lastFolder: String?

    init(transfers: @escaping @MainActor () -> NoteTransfers?) {
        self.transfers = transfers
    }

    /// Adds `app.import-notes` (Ctrl+O), `app.import-folder`, `app.export-notes` and `app.export-note`.
    func install(on application: Application) {
        application.addAction("import-notes", accelerators: ["<Control>o"]) { [weak self] in
            self?.chooseAndImport(folders: false, in: application)
        }
        application.addAction("import-folder") { [weak self] in self?.chooseAndImport(folders: true, in: application) }
        application.addAction("export-notes") { [weak self] in self?.chooseAndExportAll(in: application) }
        application.addAction("export-note") { [weak self] in self?.chooseAndExportNote(in: application) }
    }

    /// Adds `--import` and `--export DIR` to the command line. Call before `run()`.
    func addCommands(to application: Application) {
        application.addCommand(
            "import", description: localized("Import the Markdown or text files, or folders of them, given after the options")
        ) { [weak self] command in
            guard !command.arguments.isEmpty else {
                command.printError(localized("--import needs the files or folders to import"))
                return command.finish(status: 2)
            }
            let front = AppDelegate.frontNoteWindow(in: application)?.noteWindow
            self?.runImport(command.arguments.map(command.absolutePath), shownIn: front, command: command)
        }
        application.addCommand(
            "export", valueName: localized("DIR"),
            description: localized("Write every note (not the trash) into the folder DIR as Markdown files")
        ) { [weak self] command in
            guard let folder = command.value.map(command.absolutePath) else { return command.finish(status: 2) }
            self?.exportAll(to: folder, shownIn: nil, command: command)
        }
    }

    // MARK: Import

    private func chooseAndImport(folders: Bool, in application: Application) {
        let noteWindow = AppDelegate.focusedNoteWindow(in: application)?.noteWindow
        if transfers()?.runningImport != nil {
            noteWindow?.offer(Toast(localized("An import is already under way")))
            return
        }
        let chooser = FileChooser(
            over: FileTransferActions.window(of: noteWindow), title: folders ? localized("Import Folder") : localized("Import Notes"),
            purpose: folders ? .openFolders : .openFiles(
                filterName: localized("Markdown and text files"), suffixes: NoteFileReader.extensions.sorted()),
            acceptLabel: localized("_Import"), startingIn: lastFolder)
        chooser.present { [weak self, weak noteWindow] paths in
            guard let first = paths.first else { return }
            self?.lastFolder = Self.folder(holding: first)
            self?.runImport(paths, shownIn: noteWindow, command: nil)
        }
    }

    /// Imports `paths`; `noteWindow` shows the progress, the summary
    /// and Undo, and `command` (if the command line asked) prints the summary.
    func runImport(_ paths: [String], shownIn noteWindow: NoteWindowController?, command: (any CommandReply)?) {
        guard let transfers = transfers() else {
            command?.printError(localized("Nothing was imported: the notes cannot be opened."))
            command?.finish(status: 1)
            return
        }
        var tracker: ImportProgress?
        var showsProgress = false
        tracker = transfers.importFiles(paths, progress: { [weak noteWindow] fraction in
            guard tracker?.isStopped == false else { return }  // stopped: the bar stays gone
            showsProgress = true
            noteWindow?.banner.showProgress(localized("Importing notes…"), fraction: fraction, actionLabel: localized("_Stop")) {
                tracker?.stop()
            }
        }, done: { [weak self, weak noteWindow] result in
            if showsProgress { noteWindow?.banner.hide() }
            self?.finishImport(result, shownIn: noteWindow, command: command, store: transfers.store)
        })
        if tracker == nil {
            command?.printError(localized("An import is already under way"))
            command?.finish(status: 1)
            noteWindow?.offer(Toast(localized("An import is already under way")))
        }
    }

    private func finishImport(
        _ outcome: Result<NoteImport, any Error>, shownIn noteWindow: NoteWindowController?, command: (any CommandReply)?, store: NoteStore
    ) {
        let result: NoteImport
        switch outcome {
        case .failure(is CancellationError):
            command?.printError(localized("The import was stopped; nothing was imported."))
            command?.finish(status: 1)
            return
        case let .failure(error):
            Log.error("could not import notes: \(error)")
            let message = localized("Nothing was imported: %s", "\(error)")
            command?.printError(message)
            command?.finish(status: 1)
            noteWindow?.banner.show(message, actionLabel: localized("_OK"))
            return
        case let .success(imported):
            result = imported
        }
        let refused = result.refused
        if let command {
            command.print(TransferMessages.headline(of: result))
            for file in refused { command.printError("\(file.path): \(TransferMessages.reason(file.reason))") }
            command.finish(status: refused.isEmpty ? 0 : 1)
        }
        guard let noteWindow else { return }
        if !refused.isEmpty { noteWindow.banner.show(TransferMessages.summary(of: result), actionLabel: localized("_OK")) }
        guard !result.imported.isEmpty else {
            if refused.isEmpty { noteWindow.offer(Toast(TransferMessages.headline(of: result))) }
            return
        }
        let ids = result.imported
        let message = localizedPlural("Imported %d note", "Imported %d notes", count: ids.count)
        noteWindow.offerUndo(saying: message, failure: "could not take the import back") { [weak noteWindow] in
            let kept = try store.undoImport(ids)
            if kept > 0 {
                noteWindow?.offer(Toast(localizedPlural(
                    "%d note edited since the import was kept", "%d notes edited since the import were kept", count: kept)))
            }
        }
    }

    // MARK: Export

    /// Export Notes…: every note, or with `only`, those notes (selected together), into a folder chosen.
    private func chooseAndExportAll(in application: Application, only ids: [UUID]? = nil) {
        let noteWindow = AppDelegate.focusedNoteWindow(in: application)?.noteWindow
        let chooser = FileChooser(
            over: FileTransferActions.window(of: noteWindow), title: localized("Export Notes"), purpose: .chooseFolder,
            acceptLabel: localized("_Export"), startingIn: lastFolder)
        chooser.present { [weak self, weak noteWindow] paths in
            guard let folder = paths.first else { return }
            self?.lastFolder = folder
            self?.exportAll(to: folder, shownIn: noteWindow, command: nil, only: ids)
        }
    }

    /// Writes every note (with `only`, those notes) into `folder`, and says so
    /// in `noteWindow` or to `command`.
    func exportAll(to folder: String, shownIn noteWindow: NoteWindowController?, command: (any CommandReply)?, only ids: [UUID]? = nil) {
        guard let transfers = transfers() else {
            command?.printError(localized("Nothing was exported: the notes cannot be opened."))
            command?.finish(status: 1)
            return
        }
        transfers.exportAll(to: folder, only: ids, progress: { written, total in
            command?.printError(localized("Exported %s of %s notes…", String(written), String(total)))
        }) { [weak noteWindow] result in
            switch result {
            case let .success(names):
                let format = localizedPlural("Exported %d note to %s", "Exported %d notes to %s", count: names.count)
                let shownFolder = DisplayPath.of(folder)
                command?.print(filledIn(format, shownFolder))
                command?.finish(status: 0)
                noteWindow?.offer(Toast(format, naming: shownFolder, inTheMiddle: true))
            case let .failure(error):
                let message = localized("Nothing was exported: %s", TransferMessages.exportProblem(error))
                command?.printError(message)
                command?.finish(status: 1)
                noteWindow?.banner.show(message, actionLabel: localized("_OK"))
            }
        }
    }

    /// Export Note…: the window's note (or the one a row's menu is for) into a
    /// file chosen; the notes selected together, into a folder.
    private func chooseAndExportNote(in application: Application) {
        guard let noteWindow = AppDelegate.focusedNoteWindow(in: application)?.noteWindow else { return }
        let actedOn = noteWindow.notesActedOn
        guard actedOn.count <= 1 else { return chooseAndExportAll(in: application, only: actedOn) }
        guard let id = actedOn.first ?? noteWindow.noteIDSavingNewNote(), let transfers = transfers() else { return }
        let chooser = FileChooser(
            over: FileTransferActions.window(of: noteWindow), title: localized("Export Note"),
            purpose: .save(suggestedName: transfers.suggestedFileName(for: id)), acceptLabel: localized("_Export"),
            startingIn: lastFolder)
        chooser.present { [weak self, weak noteWindow] paths in
            guard let path = paths.first else { return }
            self?.lastFolder = Self.folder(holding: path)
            do {
                try transfers.export(noteID: id, to: path)
                noteWindow?.offer(Toast(localized("Exported the note to %s"), naming: DisplayPath.of(path), inTheMiddle: true))
            } catch {
                noteWindow?.banner.show(
                    localized("The note was not exported: %s", TransferMessages.exportProblem(error)), actionLabel: localized("_OK"))
            }
        }
    }

    // MARK: Windows

    private static func window(of noteWindow: NoteWindowController?) -> Window? { noteWindow?.scene?.window }

    /// The folder holding the file or folder at `path`.
    private static func folder(holding path: String) -> String { URL(fileURLWithPath: path).deletingLastPathComponent().path }
}
