import FoundationEssentials
import GtkKit
import Scenes

/// A window restored behind the one in front shows its header bar and its
/// saved title at first, and is filled in (its note, and a main window's
/// list) when the app is idle (`BehindWindowsFill`), or at once when it
/// becomes active (GTK's "is-active", ahead of the framework's own update,
/// which waits for idle work), a key reaches it (the key then goes to its
/// note; until the front window has had the focus, to the front one's
/// instead: `BehindWindowsFill.keysGoToFront`) or it has something to say:
/// mapping a hundred windows that way costs little more than mapping a
/// hundred plain ones.
/// Until then it saves its state exactly as it was saved, and a note's own
/// window is still the one raised for its note.
extension NoteWindowController {
    /// Shows `scene`'s window as restoring `saved` (on the note `noteID`),
    /// under the title saved with it, and leaves the rest, `fillIn`, until it
    /// is filled in.
    func waitToFill(
        _ scene: WindowScene, restoring saved: UserActivity, showing noteID: UUID?, _ fillIn: @escaping @MainActor () -> Void
    ) {
        let activeWatch = scene.window.onActiveChanged { [weak self, weak scene] in
            // On Wayland each window the relaunch shows becomes active in turn: those wait.
            if scene?.window.isActive == true, BehindWindowsFill.isOpen { self?.fillInNow() }
        }
        // A key for this window goes to the front window's note until that one
        // has had the focus (on Wayland the compositor focuses the windows it
        // shows, the front one last, which gets the focus only after it has
        // drawn); later, if this window still waits, it fills it in and goes
        // to its own note.
        scene.window.onKeyPress { [weak self] key in
            guard let self else { return false }
            if BehindWindowsFill.keysGoToFront, let front = BehindWindowsFill.front?.editor { return front.take(key) }
            guard waitingToFill != nil else { return false }
            fillInNow()
            return editor?.take(key) ?? false
        }
        waitingToFill = (nil, fillIn, activeWatch)
        activity.setUserInfo(saved.userInfo)
        activity.targetContentIdentifier = saved.targetContentIdentifier
        let title = saved.title ?? ""
        show(title: title.isEmpty ? "Quire" : title.hasSuffix(Self.appTitleSuffix) ? title : localized("%s — Quire", title))
        prefersToActivate(for: noteID)
        scene.userActivity = activity
        BehindWindowsFill.add(self)
    }

    /// Makes this window, which a relaunch restores in front and builds
    /// whole, the one the windows behind wait for (`BehindWindowsFill`).
    func becomeFront(of scene: WindowScene) {
        BehindWindowsFill.front = self
        scene.window.onActiveChanged { [weak scene] in
            guard let scene, scene.window.isActive else { return }
            DiagnosticTrace.windows.write("front active \(ProcessClock.millisecondsSinceStart) session=\(scene.session.persistentIdentifier)")
            BehindWindowsFill.frontBecameActive()
        }
    }

    /// Fills the window in now, if it is waiting to be: its content, then
    /// the cursor, selection and scroll it restores.
    func fillInNow() {
        guard let waiting = waitingToFill else { return }
        waitingToFill = nil
        waiting.activeWatch.disconnect()
        waiting.fillIn()
        if let interaction = waiting.interaction { restoreInteractionState(with: interaction) }
        guard DiagnosticTrace.windows.isEnabled, let scene else { return }
        let session = "session=\(scene.session.persistentIdentifier)"
        DiagnosticTrace.windows.write("filled in \(ProcessClock.millisecondsSinceStart) \(session)")
        _ = scene.window.onNextFrame { DiagnosticTrace.windows.write("drawn filled in \(ProcessClock.millisecondsSinceStart) \(session)") }
    }
}
