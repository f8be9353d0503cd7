import GtkKit
import NoteModel

/// Holds the notes another program brought or changed (a sync's batches)
/// while the person types, for a list that would show them, and hands them
/// over together once typing pauses (`TypingPause`), or after
/// `longestHoldMilliseconds` of typing at the latest. A note that went (to
/// the trash, or deleted) is never held: it is followed at once, with what
/// was held before it, so a list never keeps the row of a note that is gone.
@MainActor
final class ChangesHeldWhileTyping {
    /// The longest a change waits while the person keeps typing.
    static let longestHoldMilliseconds: Int64 = 10_000
    private var held: [NoteChange] = []
    /// When the first change held now was held (monotonic microseconds).
    private var heldSince: Int64 = 0
    /// Waits for typing to pause, then gives what is held to `release`.
    private var waiting: MainLoopSource?
    private let release: @MainActor ([NoteChange]) -> Void

    /// A hold that gives what it held to `release` once typing pauses.
    init(release: @escaping @MainActor ([NoteChange]) -> Void) {
        self.release = release
    }

    /// The changes to follow now: none if `changes` are held (the person
    /// types, and they only bring or change notes); otherwise whatever was
    /// held, then `changes`.
    func changesToFollow(_ changes: [NoteChange]) -> [NoteChange] {
        guard TypingPause.isTyping, !heldTooLong, changes.allSatisfy(ChangesHeldWhileTyping.mayWait) else {
            return takeHeld() + changes
        }
        if held.isEmpty {
            heldSince = MainLoop.monotonicMicroseconds
            releaseAfterPause()
        }
        held += changes
        return []
    }

    /// What is held, no longer held (for a list about to read its notes anyway).
    func takeHeld() -> [NoteChange] {
        waiting?.cancel()
        waiting = nil
        defer { held = [] }
        return held
    }

    private var heldMilliseconds: Int64 { (MainLoop.monotonicMicroseconds - heldSince) / 1_000 }

    private var heldTooLong: Bool { !held.isEmpty && heldMilliseconds >= ChangesHeldWhileTyping.longestHoldMilliseconds }

    /// Releases what is held once typing pauses, or the hold runs out, whichever
    /// comes first. A main-loop timer, not a task that sleeps: on Linux a
    /// task's sleep ends on libdispatch's pool, which starts it, and it then
    /// wakes every second for the rest of the session.
    private func releaseAfterPause() {
        let holdLeft = max(0, ChangesHeldWhileTyping.longestHoldMilliseconds - heldMilliseconds)
        waiting = MainLoop.after(milliseconds: UInt32(max(1, min(TypingPause.millisecondsLeft, holdLeft)))) { [weak self] in
            guard let self else { return }
            waiting = nil
            if TypingPause.isTyping && !heldTooLong { return releaseAfterPause() }
            release(takeHeld())
        }
    }

    /// Whether a list may show `change` late: a note that came or changed, not one that went.
    private static func mayWait(_ change: NoteChange) -> Bool {
        switch change {
        case .created, .edited, .restoredFromTrash, .pinChanged, .categoryChanged: true
        case .movedToTrash, .deletedPermanently: false
        }
    }
}
