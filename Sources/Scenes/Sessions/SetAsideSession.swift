public import FoundationEssentials

/// A window the crash-loop guard did not reopen because the app stopped
/// twice in a row while reopening it. Its saved state is kept, so it can be
/// reopened on request (`Application.reopenSetAsideSession(_:)`) or inspected.
public struct SetAsideSession: Sendable, Hashable {
    /// The session's identifier when it was set aside.
    public let identifier: String
    /// Its configuration's name.
    public let configurationName: String
    /// The title its last restoration activity recorded, if any.
    public let title: String?
    /// When it was set aside.
    public let date: Date
}
