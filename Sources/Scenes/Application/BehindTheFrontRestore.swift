import GtkKit

/// The restored windows that go behind the front one, connected one per
/// turn of the main loop once the front window has drawn its first frame
/// (or after `patience`, should that never come): the front window is
/// ready for typing first, and a key typed into it meanwhile waits for at
/// most one window being built, not for all of them.
@MainActor
final class BehindTheFrontRestore {
    /// How long the others wait for the front window to draw, in milliseconds.
    static let patience: UInt32 = 1_000

    private var waiting: [@MainActor () -> Void]
    private var started = false

    /// Connections to make back to front, each one window's.
    init(_ connections: [@MainActor () -> Void]) {
        waiting = connections
        MainLoop.after(milliseconds: BehindTheFrontRestore.patience) { [weak self] in self?.start() }
    }

    /// The front window drew its first frame (or cannot): the others follow.
    func start() {
        guard !started else { return }
        started = true
        MainLoop.betweenFrames { [self] in
            guard !waiting.isEmpty else { return false }
            waiting.removeFirst()()
            return !waiting.isEmpty
        }
    }
}
