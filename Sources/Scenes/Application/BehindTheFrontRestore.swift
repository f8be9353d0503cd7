import GtkKit

/// The restored windows that go behind the front one, connected back to
/// front once the front window has drawn its first frame (or after
/// `patience`, should that never come): the front window is on screen and
/// ready for typing first. They are connected in one go, unless the person
/// presses a key or a button meanwhile (it waits to be handled, or was
/// handled since the last look): then the rest wait until the front window
/// has drawn its next frame, so a key typed into it waits for one window
/// being built, not for all. Not one per turn of the main loop otherwise:
/// 60 windows took 1.5–1.7 s to draw that way (and in batches of 12 ms),
/// 1.04 s in one go (release builds, Xvfb).
@MainActor
final class BehindTheFrontRestore {
    /// How long the others wait for the front window to draw, in milliseconds.
    static let patience: UInt32 = 1_000

    /// How long the others wait for the front window's next frame once the
    /// person pressed something, in milliseconds, should it never come (a
    /// window whose frames GDK holds back).
    static let framePatience: UInt32 = 500

    private var waiting: ArraySlice<@MainActor () -> Void>
    private var started = false
    /// Presses GDK had delivered when the restore last looked.
    private var pressesSeen = Toolkit.pressesDelivered
    /// Calls its argument once the front window has drawn its next frame,
    /// asking for one; false when there is no front window to wait for.
    private let afterFrontWindowsNextFrame: @MainActor (@escaping @MainActor () -> Void) -> Bool

    /// Connections to make back to front, each one window's;
    /// `afterFrontWindowsNextFrame` as above.
    init(
        _ connections: [@MainActor () -> Void],
        afterFrontWindowsNextFrame: @escaping @MainActor (@escaping @MainActor () -> Void) -> Bool
    ) {
        waiting = connections[...]
        self.afterFrontWindowsNextFrame = afterFrontWindowsNextFrame
        // Held until then: a front window closed before it drew releases its own hold.
        MainLoop.after(milliseconds: BehindTheFrontRestore.patience) { [self] in start() }
    }

    /// The front window drew its first frame (or cannot): the others follow,
    /// at the next turn of the loop between frames, making way for input.
    func start() {
        guard !started else { return }
        started = true
        MainLoop.betweenFrames { [self] in connectUntilThePersonActs() }
    }

    /// Connects the windows waiting until the person has pressed something;
    /// true to be called again at the next turn of the loop.
    private func connectUntilThePersonActs() -> Bool {
        while let connect = waiting.first {
            if personPressedSomething() { return !waitForTheFrontWindowsFrame() }
            waiting.removeFirst()
            connect()
        }
        return false
    }

    /// Whether a press waits, or was delivered since the last look.
    private func personPressedSomething() -> Bool {
        let delivered = Toolkit.pressesDelivered
        defer { pressesSeen = delivered }
        return delivered != pressesSeen || Toolkit.isInputWaiting
    }

    /// Goes on once the front window has drawn what the press asked for (or
    /// after `framePatience`); false if there is no front window to wait for.
    private func waitForTheFrontWindowsFrame() -> Bool {
        var resumed = false
        let resume: @MainActor () -> Void = { [self] in
            guard !resumed else { return }
            resumed = true
            pressesSeen = Toolkit.pressesDelivered
            MainLoop.betweenFrames { [self] in connectUntilThePersonActs() }
        }
        guard afterFrontWindowsNextFrame(resume) else { return false }
        MainLoop.after(milliseconds: BehindTheFrontRestore.framePatience, resume)
        return true
    }
}
