public import FoundationEssentials
public import NoteModel
public import WebDAV

/// Syncs the notes with a WebDAV folder, one Markdown file a note, the way
/// Nextcloud's Notes apps keep them. Every write is made only over the
/// version last seen, as safely as the server allows (`GuardedFolder`); a
/// file that cannot be read is left and named, and the rest synced; a note
/// changed on both sides keeps both versions (the
/// server's as a new note); a file removed on the server sends its note to
/// the trash; and a sync that would remove more than half of one side's notes
/// (and more than 10) stops to ask first. Each step is recorded as soon as
/// the server confirms it, so a sync stopped anywhere is finished by the next.
@MainActor
public final class NoteSynchronizer {
    private let store: NoteStore
    private let remote: WebDAVClient
    private let untitled: String
    private let conflictTitle: (String, Date) -> String
    /// The largest note a sync takes in from the server, in bytes: the
    /// largest the editor was measured on. A larger file is left there, named.
    public static let largestNote = 20 << 20
    /// Called as files are sent and received: how many so far, of how many.
    public var progress: ((Int, Int) -> Void)?
    /// Awaited before each file is sent or taken in: the app holds the sync
    /// back here while something more pressing goes on (the person typing).
    public var waitForTurn: (() async -> Void)?

    /// A synchronizer of `store`'s notes with the folder `remote` reaches.
    /// `untitled` names the file of a note without a title; `conflictTitle`
    /// gives the title of the copy kept of the server's version in a conflict
    /// (from the note's title and the date).
    public init(store: NoteStore, remote: WebDAVClient, untitled: String, conflictTitle: @escaping (String, Date) -> String) {
        self.store = store
        self.remote = remote
        self.untitled = untitled
        self.conflictTitle = conflictTitle
    }

    /// Runs one sync. `allowingMassDeletion` lets a sync go ahead that stopped
    /// with `SyncError.massDeletion` once the person agreed.
    public func sync(allowingMassDeletion: Bool = false) async throws(SyncError) -> SyncReport {
        let account = try? store.syncAccount()
        let known = account.flatMap { account in
            account.writeSafety.flatMap(WriteSafety.init(rawValue:)).map { ($0, account.listsETags ?? true) }
        }
        let run = SyncRun(
            store: store, remote: remote, knownSafety: known, newFileSuffix: account?.fileSuffix ?? ".md", untitled: untitled,
            conflictTitle: conflictTitle, progress: progress, waitForTurn: waitForTurn)
        let requestsBefore = remote.requestCount
        do {
            try await run.perform(allowingMassDeletion: allowingMassDeletion)
        } catch let error as SyncError {
            throw error
        } catch let error as WebDAVError {
            throw .server(error)
        } catch {
            throw .storage(failure: error)
        }
        var report = run.report
        report.requests = remote.requestCount - requestsBefore
        return report
    }
}
