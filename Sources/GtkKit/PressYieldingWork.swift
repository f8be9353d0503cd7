/// Work in pieces, done in one go at a turn of the main loop between frames,
/// unless the person presses a key or a button meanwhile (one waiting, or
/// one GDK delivered since the last look): then the rest waits until a
/// window the person looks at has drawn its next frame (or `framePatience`
/// has passed), so the press shows on screen first and waits for one piece,
/// not for all. In one go, not a piece a turn: each turn lets GTK draw what
/// changed, and 60 restored windows took 1.5–1.7 s to draw that way against
/// 1.04 s in one go.
@MainActor
public final class PressYieldingWork {
    /// How long the rest waits for the next frame once the person pressed
    /// something, in milliseconds, should it never come (a window whose
    /// frames GDK holds back).
    public static let framePatience: UInt32 = 500

    private var waiting: [@MainActor () -> Void] = []
    private let newestFirst: Bool
    private var scheduled = false
    private var pausedForAFrame = false
    /// Presses GDK had delivered when the work last looked.
    private var pressesSeen = Toolkit.pressesDelivered
    /// Calls its argument once the window the person looks at has drawn its
    /// next frame, asking for one; false when there is none to wait for.
    private let afterNextFrame: @MainActor (@escaping @MainActor () -> Void) -> Bool

    /// Work done in the order pieces are added, or with `newestFirst`, the
    /// last added first; `afterNextFrame` as above.
    public init(
        newestFirst: Bool = false,
        afterNextFrame: @escaping @MainActor (@escaping @MainActor () -> Void) -> Bool
    ) {
        self.newestFirst = newestFirst
        self.afterNextFrame = afterNextFrame
    }

    /// Adds a piece, done once `start` has been called.
    public func add(_ piece: @escaping @MainActor () -> Void) {
        waiting.append(piece)
    }

    /// Does the pieces waiting, and those added later, from the next turn of
    /// the loop between frames on.
    public func start() {
        guard !scheduled, !pausedForAFrame else { return }
        scheduled = true
        MainLoop.betweenFrames { [self] in
            scheduled = false
            doUntilThePersonActs()
            return false
        }
    }

    private func doUntilThePersonActs() {
        while !waiting.isEmpty {
            if personPressedSomething() {
                if !waitForTheNextFrame() { start() }
                return
            }
            let piece = newestFirst ? waiting.removeLast() : waiting.removeFirst()
            piece()
        }
    }

    /// Whether a press waits, or was delivered since the last look.
    private func personPressedSomething() -> Bool {
        let delivered = Toolkit.pressesDelivered
        defer { pressesSeen = delivered }
        return delivered != pressesSeen || Toolkit.isInputWaiting
    }

    /// Goes on once the window the person looks at has drawn what the press
    /// asked for (or after `framePatience`); false if there is none to wait for.
    private func waitForTheNextFrame() -> Bool {
        var resumed = false
        let resume: @MainActor () -> Void = { [self] in
            guard !resumed else { return }
            resumed = true
            pausedForAFrame = false
            pressesSeen = Toolkit.pressesDelivered
            start()
        }
        guard afterNextFrame(resume) else { return false }
        pausedForAFrame = true
        MainLoop.after(milliseconds: PressYieldingWork.framePatience, resume)
        return true
    }
}
