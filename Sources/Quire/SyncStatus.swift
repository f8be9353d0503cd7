import FoundationEssentials
import NoteModel

/// Where sync stands, as the header bar and Preferences show it.
enum SyncStatus: Equatable {
    /// No account is set up.
    case notSetUp
    /// Set up; the last sync (if any) ended at `lastSync`, doing `summary`.
    /// `notSent`: why a note of this computer's did not go (the server
    /// refused its file), if one did not: the next sync tries it again, and
    /// the header bar says so meanwhile.
    case idle(lastSync: Date?, summary: String?, notSent: String? = nil)
    /// A sync runs; `progress` is how far a long one is (0…1), if known.
    case running(progress: Double?)
    /// The last sync failed, for `reason`.
    case failed(reason: String)

    /// Whether notes from the server are on their way: a sync runs, or the
    /// account is set up and its first sync, due at launch, has not run yet.
    var bringsNotes: Bool {
        switch self {
        case .running, .idle(lastSync: nil, _, _): true
        case .notSetUp, .idle, .failed: false
        }
    }

    /// The status an account's record gives, before this run synced.
    init(account: SyncAccount?) {
        guard let account else {
            self = .notSetUp
            return
        }
        if let failure = account.lastFailure {
            self = .failed(reason: failure)
        } else {
            self = .idle(lastSync: account.lastSync, summary: nil)
        }
    }
}
