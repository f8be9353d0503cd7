import GtkKit

/// The restored windows that go behind the front one, connected back to
/// front once the front window has drawn its first frame (or after
/// `patience`, should that never come): the front window is on screen and
/// ready for typing first. They are connected in one go, unless the person
/// presses a key or a button meanwhile: then the rest wait until the front
/// window has drawn its next frame (`PressYieldingWork`), so a key typed
/// into it waits for one window being built, not for all.
@MainActor
final class BehindTheFrontRestore {
    /// How long the others wait for the front window to draw, in milliseconds.
    static let patience: UInt32 = 1_000

    private let work: PressYieldingWork
    private var started = false

    /// Connections to make back to front, each one window's;
    /// `afterFrontWindowsNextFrame` calls its argument once the front window
    /// has drawn its next frame, asking for one (false when there is no
    /// front window to wait for).
    init(
        _ connections: [@MainActor () -> Void],
        afterFrontWindowsNextFrame: @escaping @MainActor (@escaping @MainActor () -> Void) -> Bool
    ) {
        work = PressYieldingWork(afterNextFrame: afterFrontWindowsNextFrame)
        connections.forEach(work.add)
        // Held until then: a front window closed before it drew releases its own hold.
        MainLoop.after(milliseconds: BehindTheFrontRestore.patience) { [self] in start() }
    }

    /// The front window drew its first frame (or cannot): the others follow,
    /// at the next turn of the loop between frames, making way for input.
    func start() {
        guard !started else { return }
        started = true
        work.start()
    }
}
