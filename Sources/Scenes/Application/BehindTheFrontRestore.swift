import GtkKit

/// The restored windows that go behind the front one, connected back to
/// front in one go once the front window has drawn its first frame (or after
/// `patience`, should that never come): the front window is on screen and
/// ready for typing first. Not one per turn of the main loop: GTK 4.8 keeps
/// a text cursor blinking (a redraw every frame, for ten seconds) in every
/// window, focused or not, so windows shown one at a time redrew all those
/// shown before them at every turn (100 windows took 12.7 s instead of 0.7).
@MainActor
final class BehindTheFrontRestore {
    /// How long the others wait for the front window to draw, in milliseconds.
    static let patience: UInt32 = 1_000

    private var waiting: [@MainActor () -> Void]

    /// Connections to make back to front, each one window's.
    init(_ connections: [@MainActor () -> Void]) {
        waiting = connections
        MainLoop.after(milliseconds: BehindTheFrontRestore.patience) { [weak self] in self?.start() }
    }

    /// The front window drew its first frame (or cannot): the others follow,
    /// at the next turn of the loop between frames.
    func start() {
        guard !waiting.isEmpty else { return }
        let connections = waiting
        waiting = []
        MainLoop.betweenFrames {
            for connect in connections { connect() }
            return false
        }
    }
}
