import FoundationEssentials

/// Who made a change: an editor passes its own origin with its writes and
/// ignores changes carrying it, so an edit never echoes back to its window.
public struct NoteChangeOrigin: Hashable, Sendable {
    private let identifier = UUID()

    /// A new, unique origin.
    public init() {}

    /// Changes another connection made (another process), as
    /// `NoteStore.followOtherWriters()` reports them.
    public static let elsewhere = NoteChangeOrigin()
}
