public import FoundationEssentials
public import Storage

/// Why a note's text is not saved, while saving keeps failing: what went
/// wrong, since when, and where the text is kept meanwhile. (The app words
/// it for the person.)
public struct NoteSaveProblem: Equatable, Sendable {
    /// What sort of trouble it is.
    public let kind: StorageErrorKind
    /// The error as the storage layer described it (names the file).
    public let detail: String
    /// When saving first failed.
    public let since: Date
    /// The draft file holding the text, once written.
    public var draftPath: String?
    /// Why no draft could be written, if none could.
    public var draftFailure: String?

    /// The problem `error` is, first seen at `date`.
    public init(error: any Error, at date: Date) {
        kind = (error as? StorageError)?.kind ?? .other
        detail = "\(error)"
        since = date
    }

    /// Whether the windows should say so yet: a lock another program holds
    /// briefly is waited out quietly for a couple of seconds first.
    public var isWorthShowing: Bool { kind != .busy || Date().timeIntervalSince(since) >= 2 }
}
