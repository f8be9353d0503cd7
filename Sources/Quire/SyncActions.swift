import FoundationEssentials
import GtkKit
import NoteModel
import NoteSync
import Scenes

/// When the notes sync, once an account is set up: a few seconds after
/// launch, a few seconds after edits settle, every five minutes, and when
/// asked: the menus' Sync Now (`app.sync-now`) and `quire --sync-now`
/// (through the running Quire, or a Quire started for it alone), which
/// prints what the sync did. Preferences (Ctrl+comma) sets it up. A long
/// sync shows its progress in the front window; one that would send most
/// notes away asks there first.
@MainActor
final class SyncActions {
    private let controller: SyncController
    private let store: NoteStore
    private var observation: NoteObservation?
    private var periodic: MainLoopSource?
    private var preferences: SyncPreferences?
    /// What the last Preferences window's server fields held: the next one shows it again.
    private var typedServer: SyncPreferences.TypedServer?
    /// The person declined a sync that would remove many notes: automatic
    /// syncs wait until they ask for one.
    private var declinedMassDeletion = false
    /// Syncs with more to send or receive than this show their progress.
    static let progressShownAbove = 50
    private lazy var afterEdits = Debouncer(quietMilliseconds: SyncActions.settleMilliseconds, maximumDelayMilliseconds: 60_000) {
        [weak self] in self?.syncIfSetUp()
    }

    /// How long edits must rest before they are synced, and how often sync runs regardless.
    static let settleMilliseconds: UInt32 = 5_000
    static let periodMilliseconds: UInt32 = 5 * 60_000

    init(controller: SyncController, store: NoteStore) {
        self.controller = controller
        self.store = store
    }

    /// Adds `--sync-now` and `--sync-anyway` to the command line, and the
    /// setup's options to `--help` (`SyncSetupCommand` carries them out before
    /// the app starts). Call before `run()`.
    static func addCommands(to application: Application, controller: @escaping @MainActor () -> SyncController?) {
        for (name, allowing) in [("sync-now", false), ("sync-anyway", true)] {
            let description = allowing
                ? localized("Sync now even if the sync would remove more than half of the notes on one side")
                : localized("Sync the notes with the server now, and say what was sent and received")
            application.addCommand(name, description: description) { command in
                runCommand(with: controller(), allowingMassDeletion: allowing, reply: command)
            }
        }
        let setup = [
            ("sync-setup", localized("URL"), localized("Set up sync with the WebDAV folder or Nextcloud server at URL (the password is read from standard input)")),
            ("sync-user", localized("NAME"), localized("The user name for --sync-setup")),
            ("sync-folder", localized("NAME"), localized("The folder on the server for --sync-setup (on Nextcloud, Notes unless given)")),
            ("sync-trust", localized("FILE"), localized("Trust the server certificates in the PEM file FILE, for --sync-setup (a copy is kept beside the notes)")),
        ]
        for (name, value, description) in setup {
            application.addCommand(name, valueName: value, description: description) { command in
                command.printError(localized("--%s goes with --sync-setup URL --sync-user NAME", name))
                command.finish(status: 2)
            }
        }
        application.addCommand(
            "sync-allow-http", description: localized("Set up sync over http:// although the password and notes travel unencrypted, for --sync-setup")
        ) { command in
            command.printError(localized("--%s goes with --sync-setup URL --sync-user NAME", "sync-allow-http"))
            command.finish(status: 2)
        }
    }

    /// Carries out `--sync-now` (or `--sync-anyway`, `allowingMassDeletion`)
    /// with `controller`, answering through `reply`: what the sync did, each
    /// file it left and why, or why it failed. The exit status is 1 when the
    /// sync failed, and also when it left a note of this computer's off the
    /// server (the server refused its file), as `--import` does for a file it
    /// left out: a script that backs notes up learns that one is not there.
    static func runCommand(with controller: SyncController?, allowingMassDeletion: Bool, reply: any CommandReply) {
        guard let controller else {
            reply.printError(localized("The sync failed: the notes cannot be opened."))
            return reply.finish(status: 1)
        }
        Task {
            switch await controller.syncNow(allowingMassDeletion: allowingMassDeletion) {
            case let .success(report):
                reply.print(SyncMessages.summary(of: report))
                for file in report.postponed { reply.printError(SyncMessages.reason(file)) }
                reply.finish(status: report.postponed.contains(where: \.leavesANoteHere) ? 1 : 0)
            case let .failure(error):
                reply.printError(localized("The sync failed: %s", SyncMessages.reason(error)))
                if case .massDeletion = error {
                    reply.printError(localized("To sync anyway, run quire --sync-anyway."))
                }
                reply.finish(status: 1)
            }
        }
    }

    /// The menu entries: Sync Now and Preferences.
    static func menuSection() -> Menu {
        let section = Menu()
        section.append(localized("Sync Now"), action: "app.sync-now")
        section.append(localized("Preferences"), action: "app.preferences")
        return section
    }

    /// Adds `app.sync-now`, `app.preferences` (Ctrl+comma, on the General
    /// page) and `app.sync-preferences` (on the Sync page), and starts
    /// syncing on launch, after edits and every few minutes.
    func install(on application: Application) {
        controller.refreshStatus(account: try? store.syncAccount())
        application.addAction("preferences", accelerators: ["<Control>comma"]) { [weak self] in
            self?.showPreferences(in: application, syncPage: false)
        }
        application.addAction("sync-preferences") { [weak self] in
            self?.showPreferences(in: application, syncPage: true)
        }
        application.addAction("sync-now") { [weak self] in
            guard let self else { return }
            guard (try? store.syncAccount()) != nil else { return showPreferences(in: application, syncPage: true) }
            declinedMassDeletion = false
            sync(in: application, askedFor: true)
        }
        observation = store.observe { [weak self] _, origin in
            // What a sync itself changed comes from elsewhere (its own connection).
            guard origin != .elsewhere else { return }
            self?.afterEdits.poke()
        }
        var wasRunning = false, hasRun = false
        controller.follow(by: self) { [weak self] status in
            let running = if case .running = status { true } else { false }
            // A sync starting (however asked for) saves and takes the edits made so
            // far: the one waiting for them to settle would find nothing to do.
            if running && !wasRunning { self?.afterEdits.cancel() }
            wasRunning = running
            hasRun = hasRun || running
        }
        // The launch's own sync, unless one ran already (set up, or asked for, at once).
        MainLoop.after(milliseconds: 2_000) { [weak self] in if !hasRun { self?.syncIfSetUp() } }
        periodic = MainLoop.every(milliseconds: SyncActions.periodMilliseconds) { [weak self] in
            self?.syncIfSetUp()
            return self != nil
        }
        self.application = application
    }

    private weak var application: Application?

    private func syncIfSetUp() {
        guard let application, !declinedMassDeletion, (try? store.syncAccount()) != nil else { return }
        sync(in: application, askedFor: false)
    }

    /// Runs a sync, its progress in the front window if it is long. One that
    /// would remove many notes asks first, and goes ahead if told to.
    private func sync(in application: Application, askedFor: Bool, allowingMassDeletion: Bool = false) {
        var banner: MessageBar?
        Task {
            let outcome = await controller.syncNow(allowingMassDeletion: allowingMassDeletion) { done, total in
                // While the person types the bar keeps still: a step shown costs the window a frame.
                guard total > SyncActions.progressShownAbove, !TypingPause.isTyping else { return }
                banner = banner ?? AppDelegate.frontNoteWindow(in: application)?.noteWindow.banner
                banner?.showProgress(localized("Syncing notes…"), fraction: Double(done) / Double(total))
            }
            banner?.hide()
            switch outcome {
            case let .success(report):
                if report.postponed.contains(where: \.passesSoon) { afterEdits.poke() }  // a clash with another device: soon
                if let copy = report.conflictCopies.first, let window = AppDelegate.frontNoteWindow(in: application)?.noteWindow {
                    // Show: the server's version in a window of its own, beside the note it differs from.
                    let toast = Toast(localizedPlural(
                        "A note changed here and on the server: both versions are kept",
                        "%d notes changed here and on the server: both versions of each are kept",
                        count: report.conflicts), buttonLabel: localized("_Show"), seconds: 10)
                    toast.onButtonClicked { [weak window] in window?.services.openNoteWindow(for: copy, showing: nil) }
                    window.offer(toast)
                }
            case let .failure(.massDeletion(local, remote)):
                askAboutMassDeletion(local: local, remote: remote, in: application)
            case let .failure(error):
                Log.error("sync failed: \(SyncMessages.reason(error))")
                if error == .notesBusy { afterEdits.poke() }  // another program's lock is let go of soon: again shortly
                if askedFor {
                    AppDelegate.frontNoteWindow(in: application)?.noteWindow.offer(
                        Toast(localized("The sync failed: %s", SyncMessages.reason(error)), seconds: 10))
                }
            }
        }
    }

    private func askAboutMassDeletion(local: Int, remote: Int, in application: Application) {
        guard let window = AppDelegate.frontScene(in: application)?.window else { return }
        declinedMassDeletion = true
        ConfirmationDialog.ask(
            over: window, question: localized("Sync Anyway?"),
            detail: SyncMessages.reason(.massDeletion(local: local, remote: remote)) + " "
                + localized("If the server or its folder is not the one you meant, cancel and check Preferences."),
            confirmLabel: localized("_Sync Anyway")
        ) { [weak self] in
            self?.declinedMassDeletion = false
            self?.sync(in: application, askedFor: true, allowingMassDeletion: true)
        }
    }

    private func showPreferences(in application: Application, syncPage: Bool) {
        if let preferences {
            preferences.present(syncPage: syncPage)
            return
        }
        let preferences = SyncPreferences(
            controller: controller, typed: typedServer, onTyped: { [weak self] in self?.typedServer = $0 }
        ) { [weak self] in
            guard let self else { return }
            declinedMassDeletion = false
            sync(in: application, askedFor: true)
        }
        self.preferences = preferences
        if let parent = AppDelegate.frontScene(in: application)?.window {
            preferences.window.makeDialog(of: parent, modal: false)
        }
        preferences.window.onDestroy { [weak self] in self?.preferences = nil }
        preferences.present(syncPage: syncPage)
    }
}
