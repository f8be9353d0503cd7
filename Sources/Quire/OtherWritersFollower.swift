import GtkKit

/// When to look for other processes' changes to the notes file (a sync, a
/// second program): as its write-ahead log changes, which every commit
/// writes, a second at least after the last look ended. A process whose notes
/// nothing changes is never woken to look. Where the file cannot be watched,
/// it looks once a second, as a timer.
@MainActor
final class OtherWritersFollower {
    /// Looks, and says whether it could: false asks for another look a second
    /// later (the process's own save under way, whose end is not a change of
    /// the log's after it was watched).
    private let look: @MainActor () -> Bool
    private var watch: Subscription?
    private var pending: MainLoopSource?
    private var lastLookEnded: Int64 = 0

    /// The least time from the end of one look to the start of the next, in
    /// milliseconds: a look that takes long (a sync's thousands of changes,
    /// heard of by a list that loaded thousands) must not follow on the next
    /// at once and leave the main loop no turn for its idle work.
    static let spacingMilliseconds: Int64 = 1_000

    /// Follows the notes file at `notesPath` (in write-ahead-log mode),
    /// calling `look` when it may have changed. The first look comes a second
    /// from now, for what changed before the watch began.
    init(notesPath: String, look: @escaping @MainActor () -> Bool) {
        self.look = look
        watch = FileChanges.onChange(ofFileAt: notesPath + "-wal") { [weak self] in self?.lookSoon() }
        if watch == nil { Log.error("the notes file cannot be watched; other programs' changes are looked for every second") }
        lookSoon()
    }

    /// Looks no more: the notes are closing.
    func stop() {
        watch = nil
        pending?.cancel()
        pending = nil
    }

    /// Looks a second after the last look ended, or at once if that was
    /// longer ago; nothing more while a look waits.
    private func lookSoon() {
        guard pending == nil else { return }
        let since = (MainLoop.monotonicMicroseconds - lastLookEnded) / 1_000
        let wait = UInt32(max(0, min(OtherWritersFollower.spacingMilliseconds, OtherWritersFollower.spacingMilliseconds - since)))
        pending = MainLoop.after(milliseconds: wait) { [weak self] in
            guard let self else { return }
            pending = nil
            let looked = look()
            lastLookEnded = MainLoop.monotonicMicroseconds
            if !looked || watch == nil { lookSoon() }
        }
    }
}
