import FoundationEssentials
import Glibc
import GtkKit
import NoteModel
import NoteSync
import Storage
import WebDAV

/// `quire --sync-setup URL --sync-user NAME [--sync-folder NAME]
/// [--sync-trust FILE] [--sync-allow-http] [--sync-now]`: sets up sync from
/// the command line, for scripts and tests. The password comes from standard
/// input (asked for without echo on a terminal). It connects first, and says
/// in plain words what is wrong; then keeps the account in the notes
/// database, the certificate trusted (a copy beside the notes, as
/// Preferences keeps one) and the password in the desktop's keyring (or,
/// with no keyring, for this run only, which `--sync-now` in the same command
/// uses). An http:// address, which would send the password and notes
/// unencrypted, needs `--sync-allow-http`. Runs in the process that was
/// started, without the app or a display: a running Quire reads the account
/// before its next sync.
@MainActor
enum SyncSetupCommand {
    /// The options, as `--help` lists them.
    static let options = ["sync-setup", "sync-user", "sync-folder", "sync-trust", "sync-allow-http"]

    /// If the command line asks for a sync setup, carries it out and returns
    /// the exit status; otherwise returns nil.
    static func runIfRequested(_ arguments: [String]) -> Int32? {
        guard let address = value(of: "sync-setup", in: arguments) else { return nil }
        CrashBacktraces.finishLoadingUnwinder()  // a crash from here on writes its backtrace
        guard let user = value(of: "sync-user", in: arguments), !user.isEmpty else {
            printError(localized("--sync-setup needs --sync-user NAME"))
            return 2
        }
        if SyncServerConnection.isUnencrypted(address) && !arguments.contains("--sync-allow-http") {
            printError(localized("%s is not encrypted: the password and every note would travel over the network as plain text. Use https://, or give --sync-allow-http to set up sync this way anyway.", address))
            return 2
        }
        let setup = Setup(
            address: address, user: user, folder: value(of: "sync-folder", in: arguments),
            trust: value(of: "sync-trust", in: arguments).map { URL(fileURLWithPath: $0).standardizedFileURL.path },
            syncAfterwards: arguments.contains("--sync-now"))
        guard let password = readPassword(prompt: localized("Password for %s: ", user)) else {
            printError(localized("No password was given on standard input."))
            return 2
        }
        var status: Int32?
        Task { status = await setup.run(password: password) }
        MainLoop.iterate { status != nil }
        return status
    }

    /// What to set up.
    @MainActor
    struct Setup {
        var address: String
        var user: String
        var folder: String?
        var trust: String?
        var syncAfterwards: Bool

        func run(password: String) async -> Int32 {
            let notesPath = AppDirectories(applicationID: AppDelegate.applicationID).dataFile(NoteStore.fileName)
            let folderURL: String
            let safety: WriteSafety
            let fileSuffix: String?
            switch await SyncServerConnection.connect(address: address, user: user, password: password, folder: folder, trust: trust) {
            case let .success(found): (folderURL, safety, fileSuffix) = (found.folderURL, found.safety, found.fileSuffix)
            case let .failure(error):
                printError(localized("Sync is not set up: %s", SyncMessages.reason(error)))
                return 1
            }
            var kept: String?
            if let trust {
                do {
                    kept = try SyncServerConnection.trust(pem: Data(contentsOf: URL(fileURLWithPath: trust)), notesPath: notesPath)
                } catch {
                    printError(localized("Sync is not set up: the certificate could not be kept beside the notes (%s).", "\(error)"))
                    return 1
                }
            }
            if SyncServerConnection.isUnencrypted(folderURL) {
                printError(localized("Warning: the password and the notes travel unencrypted to %s.", folderURL))
            }
            if let warning = SyncAccountSetup.warning(for: safety) { printError(localized("Warning: %s", warning)) }
            let account = SyncAccount(
                folderURL: folderURL, userName: user, trustedCertificates: kept, writeSafety: safety.rawValue, listsETags: nil,
                fileSuffix: fileSuffix)
            let controller = SyncController(notesPath: notesPath) {}
            let stored = await SyncAccountSetup.keep(account, password: password, notesPath: notesPath, controller: controller)
            if let problem = stored.problem { printError(problem) }
            guard stored.stored else { return 1 }
            print(localized("Sync is set up with %s as %s.", folderURL, user))
            guard syncAfterwards else { return 0 }
            defer { controller.close() }
            switch await controller.syncNow() {
            case let .success(report):
                print(SyncMessages.summary(of: report))
                for file in report.postponed { printError(SyncMessages.reason(file)) }
                return 0
            case let .failure(error):
                printError(localized("The sync failed: %s", SyncMessages.reason(error)))
                return 1
            }
        }
    }

    /// The value of `--name VALUE` or `--name=VALUE`.
    static func value(of name: String, in arguments: [String]) -> String? {
        for (index, argument) in arguments.enumerated() {
            if argument == "--\(name)" { return index + 1 < arguments.count ? arguments[index + 1] : nil }
            if argument.hasPrefix("--\(name)=") { return String(argument.dropFirst(name.count + 3)) }
        }
        return nil
    }

    /// The first line of standard input; on a terminal, asked for with
    /// `prompt` and without echo.
    private static func readPassword(prompt: String) -> String? {
        guard isatty(STDIN_FILENO) == 1 else { return readLine(strippingNewline: true) }
        StandardStreams.writeError(prompt)
        var settings = termios()
        tcgetattr(STDIN_FILENO, &settings)
        var silent = settings
        silent.c_lflag &= ~tcflag_t(ECHO)
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &silent)
        defer {
            tcsetattr(STDIN_FILENO, TCSAFLUSH, &settings)
            StandardStreams.writeError("\n")
        }
        return readLine(strippingNewline: true)
    }

    private static func printError(_ message: String) {
        StandardStreams.writeError(message + "\n")
    }
}
