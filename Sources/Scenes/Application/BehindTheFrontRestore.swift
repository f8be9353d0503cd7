import GtkKit

/// The restored windows that go behind the front one, connected back to
/// front once the front window has drawn its first frame (or after
/// `patience`, should that never come): the front window is on screen and
/// ready for typing first. They are connected in one go, unless the person
/// presses a key or a button meanwhile: then the rest wait for the next
/// turn of the main loop, after it is handled and drawn, so a key typed
/// into the front window waits for one window being built, not for all.
/// Not one per turn of the main loop otherwise: 60 windows took 1.5–1.7 s to
/// draw that way (and in batches of 12 ms), 1.04 s in one go (release
/// builds, Xvfb).
@MainActor
final class BehindTheFrontRestore {
    /// How long the others wait for the front window to draw, in milliseconds.
    static let patience: UInt32 = 1_000

    private var waiting: [@MainActor () -> Void]

    /// Connections to make back to front, each one window's.
    init(_ connections: [@MainActor () -> Void]) {
        waiting = connections
        // Held until then: a front window closed before it drew releases its own hold.
        MainLoop.after(milliseconds: BehindTheFrontRestore.patience) { [self] in start() }
    }

    /// The front window drew its first frame (or cannot): the others follow,
    /// at the next turn of the loop between frames, making way for input.
    func start() {
        guard !waiting.isEmpty else { return }
        var connections = waiting[...]
        waiting = []
        MainLoop.betweenFrames {
            while let connect = connections.popFirst() {
                connect()
                if !connections.isEmpty && Toolkit.isInputWaiting { return true }
            }
            return false
        }
    }
}
