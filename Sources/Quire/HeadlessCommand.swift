import FoundationEssentials
import GtkKit
import NoteModel
import Storage

/// `quire --sync-now`, `--sync-anyway`, `--export DIR` and `--import PATH…`
/// where there is no display (over ssh, from a systemd timer) and no Quire
/// runs to carry them out: they need no window, so this process carries
/// them out itself, on the GLib main loop and without GTK, which would stop
/// at "cannot open display". With a display, or with a Quire running on the
/// session bus (which needs no display to hand a command to), the app
/// carries them out as always.
@MainActor
enum HeadlessCommand {
    /// The commands that need no window.
    static let names = ["sync-now", "sync-anyway", "export", "import"]

    /// If the command line gives one of these commands and it must run here,
    /// runs it and returns its exit status; otherwise nil.
    static func runIfNeeded(_ arguments: [String]) -> Int32? {
        guard let name = names.first(where: { name in arguments.contains { $0 == "--\(name)" || $0.hasPrefix("--\(name)=") } }),
              !hasDisplay, DesktopApplication.isRunning(id: AppDelegate.applicationID) != true
        else { return nil }
        CrashBacktraces.finishLoadingUnwinder()  // a crash from here on writes its backtrace
        let reply = ConsoleReply()
        let directories = AppDirectories(applicationID: AppDelegate.applicationID)
        switch name {
        case "sync-now", "sync-anyway":
            let controller = SyncController(notesPath: directories.dataFile(NoteStore.fileName)) {}
            SyncActions.runCommand(with: controller, allowingMassDeletion: name == "sync-anyway", reply: reply)
            MainLoop.iterate { reply.status != nil }
            controller.close()
        default:
            guard let transfers = try? NoteTransfers(store: NoteStore(directories: directories), saveOpenNotes: {}) else {
                reply.printError(localized("The notes cannot be opened."))
                return 1
            }
            let actions = FileTransferActions { transfers }
            let folder = FileManager.default.currentDirectoryPath
            let absolute = { (path: String) in
                URL(fileURLWithPath: FilePaths.expandingTilde(path), relativeTo: URL(fileURLWithPath: folder, isDirectory: true))
                    .standardizedFileURL.path
            }
            if name == "export" {
                guard let target = SyncSetupCommand.value(of: "export", in: arguments) else {
                    reply.printError(localized("--export needs the folder to write the notes into"))
                    return 2
                }
                actions.exportAll(to: absolute(target), shownIn: nil, command: reply)
            } else {
                let paths = arguments.dropFirst().filter { !$0.hasPrefix("--") }
                guard !paths.isEmpty else {
                    reply.printError(localized("--import needs the files or folders to import"))
                    return 2
                }
                actions.runImport(paths.map(absolute), shownIn: nil, command: reply)
            }
            MainLoop.iterate { reply.status != nil }
            transfers.store.close()
        }
        return reply.status ?? 1
    }

    /// Whether GTK would find a display: an X server or a Wayland compositor named in the environment.
    private static var hasDisplay: Bool {
        !(ProcessEnvironment.value("DISPLAY") ?? "").isEmpty || !(ProcessEnvironment.value("WAYLAND_DISPLAY") ?? "").isEmpty
    }
}
