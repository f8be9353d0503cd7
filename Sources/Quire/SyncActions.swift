import Foundation
import GtkKit
import NoteModel
import NoteSync
import Scenes

/// When the notes sync, once an account is set up: a few seconds after
/// launch, a few seconds after edits settle, every five minutes, and when
/// asked: `app.sync-now` (Ctrl+R … in the menus) and `quire --sync-now`
/// (through the running Quire, or a Quire started for it alone), which
/// prints what the sync did.
@MainActor
final class SyncActions {
    private let controller: SyncController
    private let store: NoteStore
    private var observation: NoteObservation?
    private var periodic: MainLoopSource?
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
                guard let controller = controller() else {
                    command.printError(localized("The sync failed: the notes cannot be opened."))
                    return command.finish(status: 1)
                }
                Task {
                    switch await controller.syncNow(allowingMassDeletion: allowing) {
                    case let .success(report):
                        command.print(SyncMessages.summary(of: report))
                        command.finish(status: 0)
                    case let .failure(error):
                        command.printError(localized("The sync failed: %s", SyncMessages.reason(error)))
                        if case .massDeletion = error {
                            command.printError(localized("To sync anyway, run quire --sync-anyway."))
                        }
                        command.finish(status: 1)
                    }
                }
            }
        }
        let setup = [
            ("sync-setup", localized("URL"), localized("Set up sync with the WebDAV folder or Nextcloud server at URL (the password is read from standard input)")),
            ("sync-user", localized("NAME"), localized("The user name for --sync-setup")),
            ("sync-folder", localized("NAME"), localized("The folder on the server for --sync-setup (on Nextcloud, Notes unless given)")),
            ("sync-trust", localized("FILE"), localized("Trust the server certificates in the PEM file FILE, for --sync-setup")),
        ]
        for (name, value, description) in setup {
            application.addCommand(name, valueName: value, description: description) { command in
                command.printError(localized("--%s goes with --sync-setup URL --sync-user NAME", name))
                command.finish(status: 2)
            }
        }
    }

    /// Adds `app.sync-now`, and starts syncing on launch, after edits and every few minutes.
    func install(on application: Application) {
        application.addAction("sync-now") { [weak self] in self?.syncIfSetUp() }
        observation = store.observe { [weak self] _, origin in
            // What a sync itself changed comes from elsewhere (its own connection).
            guard origin != .elsewhere else { return }
            self?.afterEdits.poke()
        }
        MainLoop.after(milliseconds: 2_000) { [weak self] in self?.syncIfSetUp() }
        periodic = MainLoop.every(milliseconds: SyncActions.periodMilliseconds) { [weak self] in
            self?.syncIfSetUp()
            return self != nil
        }
    }

    private func syncIfSetUp() {
        guard (try? store.syncAccount()) != nil else { return }
        Task {
            switch await controller.syncNow() {
            case let .success(report):
                if !report.postponed.isEmpty { afterEdits.poke() }  // what was left, soon
            case let .failure(error):
                Log.error("sync failed: \(SyncMessages.reason(error))")
            }
        }
    }
}
