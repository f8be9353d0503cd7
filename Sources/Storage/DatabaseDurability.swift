/// When a committed change reaches the disk, so that it survives a power cut
/// or an operating-system crash (a crash of the app alone never loses a
/// committed change, whichever is chosen).
public enum DatabaseDurability: Sendable {
    /// At every commit, before it returns (`synchronous = FULL`): for a
    /// connection off the windows' thread, whose saves a window reports done.
    case everyCommit
    /// Within half a second of the commit, synced on a thread of its own
    /// (`synchronous = NORMAL`, and the log synced by `BackgroundCheckpoint`):
    /// for the windows' thread, which never waits for the disk.
    case withinHalfASecond
}
