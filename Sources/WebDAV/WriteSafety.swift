/// How a server keeps one client's write from silently replacing another's.
/// Found by `WebDAVClient.probeWriteSafety()`, since servers differ: Apache,
/// rclone and WsgiDAV refuse a write whose precondition fails; nginx ignores
/// preconditions, but refuses writes to a file someone else has locked.
public enum WriteSafety: String, Sendable, Equatable {
    /// The server honours `If-Match` and `If-None-Match` (412 when they fail).
    case preconditions
    /// The server ignores preconditions, but a file locked (`LOCK`) by one
    /// client refuses every other's writes (423) until it is unlocked.
    case locks
    /// Neither: a write lands whatever the server held. A client can only
    /// check right before and after it, which leaves a moment unguarded.
    case none
}
