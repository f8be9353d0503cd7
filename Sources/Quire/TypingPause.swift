import GtkKit

/// When the person last changed a note's text, in any window: work that
/// can wait (a list taking in another program's notes, a sync's progress,
/// the sync itself) waits for a pause in typing. Each change to a window lays
/// it out and draws it again, and the sync's requests and writes take the
/// processor the window draws on; added to a frame typing already needs,
/// either made the frame late (measured under llvmpipe: a first sync of
/// 10,000 notes while typing stalled 40–158 times against 15–51 for the same
/// typing with sync off, 11–76 with the list and progress left still, and
/// as often as with sync off once the sync waited too).
@MainActor
enum TypingPause {
    /// How long after the last change typing counts as paused.
    static let quietMilliseconds: Int64 = 1_000
    /// When the person last changed a note's text (monotonic microseconds).
    private static var lastTyped: Int64?

    /// Records that the person changed a note's text just now.
    static func personTyped() {
        lastTyped = MainLoop.monotonicMicroseconds
    }

    /// How many milliseconds are left until typing counts as paused (0 once it does).
    static var millisecondsLeft: Int64 {
        guard let lastTyped else { return 0 }
        return max(0, quietMilliseconds - (MainLoop.monotonicMicroseconds - lastTyped) / 1_000)
    }

    /// Whether the person changed a note's text within the last `quietMilliseconds`.
    static var isTyping: Bool { millisecondsLeft > 0 }

    /// Returns once typing pauses, or after `longest` milliseconds of it at
    /// the latest, or once the task is cancelled: how many milliseconds it waited.
    static func paused(waitingAtMost longest: Int64) async -> Int64 {
        let start = MainLoop.monotonicMicroseconds
        var waited: Int64 = 0
        while isTyping && waited < longest && !Task.isCancelled {
            await MainLoop.sleep(milliseconds: UInt32(clamping: min(millisecondsLeft, longest - waited)))
            waited = (MainLoop.monotonicMicroseconds - start) / 1_000
        }
        return waited
    }
}
