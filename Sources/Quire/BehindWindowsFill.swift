import GtkKit
import Scenes

/// The windows a relaunch restored behind the one in front, waiting to be
/// filled in (`NoteWindowController.fillInNow`): once a window built whole
/// (the front one) has drawn and has the focus, at the next turn of the main
/// loop with no frame due, the nearest the front first, in one go unless the
/// person presses something, which the window in front then draws first
/// (`PressYieldingWork`). On X11 the front window has drawn, with the focus,
/// before the others connect; on Wayland, where it is shown last, the others
/// wait for it, unless no window has the focus as it draws: the compositor
/// may then focus none it shows (as for an app started without an
/// activation token), and no key can reach one. Mutter focuses them late,
/// and at times one behind the front for a moment first: a key typed into
/// one behind goes to the front window's note until the front one has had
/// the focus (`keysGoToFront`), filled in or not.
@MainActor
enum BehindWindowsFill {
    private static var work: PressYieldingWork?
    /// Whether the windows behind are filled in: a window built whole has
    /// drawn (or `patience` has passed since the first window waited), and,
    /// on Wayland, the front window has the focus (or had it as it drew, or
    /// `patience` has passed since, or no window had it as it drew): the
    /// compositor gives it the focus a moment after it draws, and a key typed
    /// in that moment still reaches the window shown before it.
    private(set) static var isOpen = false
    /// Whether a window built whole has drawn: the focus is awaited.
    private static var hasDrawn = false
    private static var patienceStarted = false
    /// The window a relaunch restored in front, built whole. A key typed
    /// into a window behind it while `keysGoToFront` is meant for this one.
    static weak var front: NoteWindowController?
    /// Whether the front window has had the focus.
    private static var frontHadFocus = false
    /// Whether `patience` has passed since a window built whole drew.
    private static var keysPatienceOver = false
    /// The mouse presses and touches GDK had delivered as the first window
    /// behind the front one was restored.
    private static var pointerPressesAtStart: UInt = 0

    /// Whether a key typed into a window restored behind the front one goes
    /// to the front one's note: until the fill opens, and on Wayland, until
    /// the front window has had the focus, the person has clicked or touched
    /// a window (one of their choosing then has the focus), or `patience`
    /// has passed since a window built whole drew. A Wayland compositor
    /// focuses windows as it shows them, sway each in turn and mutter at
    /// times one behind the front for a moment after the front has drawn,
    /// while the person sees the front on top. On X11 the front window is
    /// shown, and focused, before the others.
    static var keysGoToFront: Bool {
        guard front != nil else { return false }
        return !isOpen || (Toolkit.isOnWayland && !frontHadFocus && !keysPatienceOver
            && Toolkit.pointerPressesDelivered == pointerPressesAtStart)
    }
    /// How long the windows wait for one built whole to draw, in
    /// milliseconds, should none ever draw (the front window closed first),
    /// and then for the focus to reach it (it may never: another workspace,
    /// or a click elsewhere first). While the front window is still there
    /// they wait on for it to draw, up to `longestWait`: on Wayland a busy
    /// machine may take longer than `patience` to show every window before
    /// it, and a window filled in then would take the keys typed while it
    /// has the focus.
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
            pointerPressesAtStart = Toolkit.pointerPressesDelivered
            waitForAWindowBuiltWhole(waited: 0)
        }
    }

    /// Goes on as if a window had drawn after `patience`, unless the front
    /// window is still to draw; then waits on, but not past `longestWait`.
    private static func waitForAWindowBuiltWhole(waited: UInt32) {
        MainLoop.after(milliseconds: patience) {
            guard !hasDrawn else { return }
            let waitedNow = waited + patience
            if front != nil, waitedNow < longestWait { waitForAWindowBuiltWhole(waited: waitedNow) } else { windowDidShow(late: true) }
        }
    }

    /// A window built whole or filled in has drawn (or, `late`, none did
    /// within the patience): the windows behind the front one are filled in
    /// from now on, once the front one has the focus (on Wayland, where it
    /// is shown last, once the relaunch has shown every window).
    static func windowDidShow(late: Bool = false) {
        guard !hasDrawn else { return }
        hasDrawn = true
        MainLoop.after(milliseconds: patience) { keysPatienceOver = true }
        let frontWindow = front?.scene?.window
        if late {
            open(because: "no window drew")
        } else if !Toolkit.isOnWayland {
            open(because: "drawn")  // the windows behind are shown after the front one, which keeps the focus
        } else if frontWindow?.isActive != false {
            open(because: frontWindow == nil ? "drawn, no front window" : "front active")
        } else if let application = front?.services.application,
                  !application.connectedScenes.contains(where: { ($0 as? WindowScene)?.window.isActive == true }) {
            // The last window shown has drawn and none has the focus: the compositor gave
            // none of them the focus as it showed them, so none takes a key meanwhile.
            open(because: "no window has the focus")
        } else {
            MainLoop.after(milliseconds: patience) { open(because: "the focus did not come") }
        }
    }

    /// The front window became active.
    static func frontBecameActive() {
        frontHadFocus = true
        if hasDrawn { open(because: "front active") }
    }

    private static func open(because reason: String) {
        guard !isOpen else { return }
        isOpen = true
        DiagnosticTrace.windows.write("fill opens \(ProcessClock.millisecondsSinceStart): \(reason)")
        work?.start()
    }
}
