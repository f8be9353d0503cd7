import GtkKit
import Scenes

/// The windows a relaunch restored behind the one in front, waiting to be
/// filled in (`NoteWindowController.fillInNow`): once a window built whole
/// (the front one) has drawn, at the next turn of the main loop with no
/// frame due, the nearest the front first, in one go unless the person
/// presses something, which the window in front then draws first
/// (`PressYieldingWork`). On X11 the front window has drawn before the others
/// connect; on Wayland, where it is shown last, the others wait for it.
@MainActor
enum BehindWindowsFill {
    private static var work: PressYieldingWork?
    /// Whether a window built whole or filled in has drawn (or `patience` has
    /// passed since the first window waited): until then nothing is filled in.
    private(set) static var isOpen = false
    private static var patienceStarted = false
    /// The window a relaunch restored in front, built whole. Until a window
    /// built whole has drawn (on Wayland this one, shown last), a key typed
    /// into a window waiting behind it, which has the focus only as the
    /// relaunch shows it, is meant for this one.
    static weak var front: NoteWindowController?
    /// How long the windows wait for one built whole to draw, in
    /// milliseconds, should none ever draw (the front window closed first).
    /// While the front window is still there they wait on, up to
    /// `longestWait`: on Wayland a busy machine may take longer than
    /// `patience` to show every window before it, and a window filled in
    /// then would take the keys typed while it has the focus.
    static let patience: UInt32 = 5_000
    static let longestWait: UInt32 = 30_000

    /// Fills `controller`'s window in soon, unless it was filled in before.
    static func add(_ controller: NoteWindowController) {
        let work = work ?? PressYieldingWork(newestFirst: true) { [weak application = controller.services.application] resume in
            guard let application, let front = AppDelegate.focusedScene(in: application) else { return false }
            return front.window.onNextFrame(requestingOne: true, resume)
        }
        self.work = work
        work.add { [weak controller] in controller?.fillInNow() }
        if isOpen {
            work.start()
        } else if !patienceStarted {
            patienceStarted = true
            waitForAWindowBuiltWhole(waited: 0)
        }
    }

    /// Opens after `patience` unless the front window is still to draw;
    /// then waits on, but not past `longestWait`.
    private static func waitForAWindowBuiltWhole(waited: UInt32) {
        MainLoop.after(milliseconds: patience) {
            guard !isOpen else { return }
            let waitedNow = waited + patience
            if front != nil, waitedNow < longestWait { waitForAWindowBuiltWhole(waited: waitedNow) } else { open() }
        }
    }

    /// A window built whole or filled in has drawn: the windows behind the
    /// front one are filled in from now on (on Wayland, where the front
    /// window is shown last, once the relaunch has shown every window).
    static func windowDidShow() { open() }

    private static func open() {
        guard !isOpen else { return }
        isOpen = true
        work?.start()
    }
}
