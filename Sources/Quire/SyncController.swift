import FoundationEssentials
import GtkKit
import Keyring
import NoteModel
import NoteSync
import WebDAV

/// Runs syncs of the notes with the account set up (`quire --sync-setup`):
/// one at a time in this process, and, through a lock beside the notes, in
/// all processes. It reads the account before each sync (another process
/// may have set it up), takes the password from this run's memory or the
/// desktop's keyring, and saves the open notes' edits first. Syncs use a
/// connection of their own to the notes, so windows see what they change as
/// they see another process's changes.
@MainActor
final class SyncController {
    /// Where the notes are, and the lock beside them.
    let notesPath: String
    /// Saves what windows have not saved yet, before a sync reads the notes.
    private let saveEdits: () -> Void
    private var store: NoteStore?
    /// Passwords given in this run, by account (when no keyring keeps them).
    private var passwords: [String: String] = [:]
    private var running: Task<Result<SyncReport, SyncError>, Never>?
    /// The sync to run when the running one ends, for the calls made while it runs.
    private var next: Task<Result<SyncReport, SyncError>, Never>?
    private var nextAllowsMassDeletion = false
    /// The percentage of the running sync last shown.
    private var shownPercent = -1
    /// How long a sync waits for the person to pause typing before each file
    /// it sends or receives, at most (milliseconds): the sync gives way to
    /// typing, and still moves on, a file at a time, under typing that never pauses.
    static let longestWaitForTyping: Int64 = 30_000
    /// With `QUIRE_TRACE_SYNC=1`, a line each time a sync waits for typing to
    /// pause, and when it goes on, and each time one is asked for while another runs.
    private static let trace = DiagnosticTrace(variable: "QUIRE_TRACE_SYNC", prefix: "sync")

    /// Where sync stands; windows and Preferences follow it (`follow`).
    private(set) var status: SyncStatus {
        didSet {
            guard status != oldValue else { return }
            followers.tell(status)
        }
    }
    private let followers = Followers<SyncStatus>()

    init(notesPath: String, saveEdits: @escaping () -> Void) {
        self.notesPath = notesPath
        self.saveEdits = saveEdits
        status = .notSetUp
    }

    /// Calls `handler` with the status now and whenever it changes, as long as `owner` lives.
    func follow(by owner: AnyObject, _ handler: @escaping @MainActor (SyncStatus) -> Void) {
        followers.add(owner, handler)
        handler(status)
    }

    /// Takes the status from the account's record (set up or not, and how
    /// the last sync ended), as the caller read it on a connection of its own.
    func refreshStatus(account: SyncAccount?) {
        guard running == nil else { return }
        status = SyncStatus(account: account)
    }

    /// Closes the sync's connection to the notes (at quit: the last connection
    /// to close folds SQLite's log into the file, and an open one would keep it).
    func close() {
        store?.close()
        store = nil
    }

    /// The account's key for passwords: its folder and user.
    private static func key(of account: SyncAccount) -> String { "\(account.userName)@\(account.folderURL)" }

    /// Keeps `password` for `account` in this run's memory.
    func remember(_ password: String, for account: SyncAccount) {
        passwords[SyncController.key(of: account)] = password
    }

    /// Runs a sync that starts no earlier than this call, so that it takes
    /// every edit made before it. While one runs in this process, the next
    /// starts when it ends, and every call made meanwhile waits for that next
    /// one: a sync that started earlier may have read the notes before the
    /// latest edits. `allowingMassDeletion` goes ahead with a sync that would
    /// remove many notes (the next sync does if any of its callers asked it to).
    func syncNow(allowingMassDeletion: Bool = false, progress: ((Int, Int) -> Void)? = nil) async -> Result<SyncReport, SyncError> {
        // The next sync, once queued, is joined even in the moment between the running one's
        // end and its own start: a call starting one of its own then would run two at once.
        guard let waiting = next ?? running.map({ queueNext(after: $0, progress: progress) }) else {
            return await start(allowingMassDeletion: allowingMassDeletion, progress: progress).value
        }
        nextAllowsMassDeletion = nextAllowsMassDeletion || allowingMassDeletion
        SyncController.trace.write("asked for while a sync runs: waits for the next")
        return await waiting.value
    }

    /// Queues the sync to run once `running` ends, for every call made until it starts.
    private func queueNext(
        after running: Task<Result<SyncReport, SyncError>, Never>, progress: ((Int, Int) -> Void)?
    ) -> Task<Result<SyncReport, SyncError>, Never> {
        let queued = Task {
            _ = await running.value
            next = nil
            let allowing = nextAllowsMassDeletion
            nextAllowsMassDeletion = false
            return await start(allowingMassDeletion: allowing, progress: progress).value
        }
        next = queued
        return queued
    }

    /// Starts a sync; the task itself clears `running` and sets the status
    /// when it ends, before any caller waiting for it goes on.
    private func start(allowingMassDeletion: Bool, progress: ((Int, Int) -> Void)?) -> Task<Result<SyncReport, SyncError>, Never> {
        shownPercent = -1
        let task = Task {
            let outcome = await self.run(allowingMassDeletion: allowingMassDeletion) { [weak self] done, total in
                // Each step shown restyles and redraws every window: at most one a percent
                // (a first sync of 3,000 notes set its status 3,000 times).
                guard let self else { return }
                let percent = done * 100 / max(total, 1)
                guard percent != shownPercent else { return }
                shownPercent = percent
                status = .running(progress: Double(done) / Double(max(total, 1)))
                progress?(done, total)
            }
            running = nil
            switch outcome {
            case let .success(report):
                // The files left, each with why, under the summary (the first few: Preferences shows it).
                let lines = [SyncMessages.summary(of: report)] + report.postponed.prefix(5).map(SyncMessages.reason)
                let notSent = report.postponed.first { $0.leavesANoteHere }.map(SyncMessages.reason)
                status = .idle(lastSync: Date(), summary: lines.joined(separator: "\n"), notSent: notSent)
            case .failure(.notSetUp): status = .notSetUp
            case let .failure(error): status = .failed(reason: SyncMessages.reason(error))
            }
            return outcome
        }
        running = task
        status = .running(progress: nil)
        return task
    }

    /// The sync's own connection to the notes.
    private func openStore() throws -> NoteStore {
        if let store { return store }
        let opened = try NoteStore(path: notesPath)
        store = opened
        return opened
    }

    private func run(allowingMassDeletion: Bool, progress: ((Int, Int) -> Void)?) async -> Result<SyncReport, SyncError> {
        let store: NoteStore
        do {
            store = try openStore()
        } catch {
            return .failure(.storage(failure: error))
        }
        guard let lock = SyncLock(path: notesPath + ".sync-lock") else {
            // (Not recorded as this account's failure: the other Quire's sync will be.)
            return .failure(.storage(localized("another Quire is syncing these notes")))
        }
        defer { withExtendedLifetime(lock) {} }
        let outcome: Result<SyncReport, SyncError>
        do {
            guard let account = try store.syncAccount() else { return .failure(.notSetUp) }
            let password = try await password(for: account)
            let client = try SyncController.client(for: account, password: password)
            saveEdits()
            let synchronizer = NoteSynchronizer(
                store: store, remote: client, untitled: localized("Untitled"), conflictTitle: SyncMessages.conflictTitle)
            synchronizer.progress = progress
            synchronizer.waitForTurn = {
                guard TypingPause.isTyping else { return }
                SyncController.trace.write("waits for typing to pause")
                let waited = await TypingPause.paused(waitingAtMost: SyncController.longestWaitForTyping)
                SyncController.trace.write("went on after \(waited) ms")
            }
            outcome = .success(try await synchronizer.sync(allowingMassDeletion: allowingMassDeletion))
        } catch let error as SyncError {
            outcome = .failure(error)
        } catch {
            outcome = .failure(.storage(failure: error))
        }
        let failure: String? = switch outcome {
        case .success: nil
        case let .failure(error): SyncMessages.reason(error)
        }
        try? store.recordSyncOutcome(at: Date(), failure: failure)
        return outcome
    }

    /// The password for `account`: given in this run, or kept by the keyring.
    private func password(for account: SyncAccount) async throws(SyncError) -> String {
        if let password = passwords[SyncController.key(of: account)] { return password }
        do {
            if let password = try await Keyring.password(server: account.folderURL, user: account.userName) {
                return password
            }
        } catch {
            Log.error("the keyring could not be asked for the sync password: \(error)")
        }
        throw .noPassword
    }

    /// A WebDAV client for `account`.
    private static func client(for account: SyncAccount, password: String) throws(SyncError) -> WebDAVClient {
        do {
            return try WebDAVClient(
                folder: account.folderURL, user: account.userName, password: password,
                trustedCertificates: account.trustedCertificates)
        } catch {
            throw .server(error)
        }
    }
}
