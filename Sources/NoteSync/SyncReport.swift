public import FoundationEssentials
public import WebDAV

/// What one sync did.
public struct SyncReport: Sendable, Equatable {
    /// Notes written to the server (new, changed or renamed).
    public var sent = 0
    /// Notes taken from the server (new or changed).
    public var received = 0
    /// Notes changed on both sides: the new notes holding the server's versions.
    public var conflictCopies: [UUID] = []
    /// How many notes were changed on both sides.
    public var conflicts: Int { conflictCopies.count }
    /// Notes moved to the trash because their file left the server.
    public var trashed = 0
    /// Files removed from the server because their note went to the trash.
    public var removed = 0
    /// Files left for the next sync, each with why (changed meanwhile, not text).
    public var postponed: [PostponedFile] = []
    /// How the server keeps one device's write from replacing another's, as
    /// this sync found it (the probe runs when it is not known, or the server's
    /// listings change as if another server answered).
    public var writeSafety: WriteSafety?
    /// How many requests the sync sent.
    public var requests = 0

    public init() {}

    /// Whether the sync changed nothing on either side.
    public var changedNothing: Bool { sent + received + conflicts + trashed + removed == 0 }
}
