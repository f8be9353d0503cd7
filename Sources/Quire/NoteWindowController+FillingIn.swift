import GtkKit
import Scenes

/// A window restored behind the one in front shows its header bar and its
/// saved title at first, and is filled in (its note, and a main window's
/// list) when the app is idle (`BehindWindowsFill`), or at once when it
/// becomes active or has something to say: mapping a hundred windows that
/// way costs little more than mapping a hundred plain ones. Until then it
/// saves its state exactly as it was saved, and a note's own window is
/// still the one raised for its note.
extension NoteWindowController {
    /// Shows `scene`'s window as restoring `saved`, under the title saved
    /// with it, and leaves the rest, `fillIn`, until it is filled in.
    func waitToFill(_ scene: WindowScene, restoring saved: UserActivity, _ fillIn: @escaping @MainActor () -> Void) {
        waitingToFill = (nil, fillIn)
        activity.setUserInfo(saved.userInfo)
        activity.targetContentIdentifier = saved.targetContentIdentifier
        let title = saved.title ?? "", appSuffix = localized("%s — Quire", "")
        show(title: title.isEmpty ? "Quire" : title.hasSuffix(appSuffix) ? title : localized("%s — Quire", title))
        prefersToActivate(for: NoteWindowState(saved).noteID)
        scene.userActivity = activity
        BehindWindowsFill.add(self)
    }

    /// Whether the window is still waiting to be filled in.
    var isWaitingToFill: Bool { waitingToFill != nil }

    /// Fills the window in now, if it is waiting to be: its content, then
    /// the cursor, selection and scroll it restores.
    func fillInNow() {
        guard let waiting = waitingToFill else { return }
        waitingToFill = nil
        waiting.fillIn()
        if let interaction = waiting.interaction { restoreInteractionState(with: interaction) }
    }
}
