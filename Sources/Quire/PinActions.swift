import FoundationEssentials
import GtkKit
import NoteModel
import Scenes

/// Pin Note: a check box in the primary menu and in a list row's menu that
/// keeps the note of the window in front at the top of every window's list
/// (or the notes selected together in its list, with Undo).
/// The check box shows the state of the note a menu is opened for.
@MainActor
final class PinActions {
    static let actionName = "pin-note"
    private weak var application: Application?
    private let store: () -> NoteStore?

    /// Pin actions on the notes `store` gives (nil while they cannot be opened).
    init(store: @escaping @MainActor () -> NoteStore?) {
        self.store = store
    }

    /// Adds `app.pin-note`, which pins or unpins the note of the focused window.
    func install(on application: Application) {
        self.application = application
        application.addToggleAction(PinActions.actionName) { [weak self] pinned in
            guard let window = AppDelegate.focusedNoteWindow(in: application)?.noteWindow else { return }
            let several = window.notesActedOn
            guard several.isEmpty else { return window.pinNotes(several) }
            guard let isPinned = window.pinNote(pinned) else { return }
            self?.application?.setToggleState(isPinned, ofAction: PinActions.actionName)
        }
    }

    /// A menu is about to open for the note `noteID`: its check box shows
    /// whether that note is pinned.
    func menuWillOpen(for noteID: UUID?) {
        let isPinned = noteID.flatMap { id in try? store()?.isPinned(id) } ?? false
        application?.setToggleState(isPinned, ofAction: PinActions.actionName)
    }

    /// The item for a menu.
    static func append(to menu: Menu) {
        menu.append(localized("Pin Note"), action: "app.\(actionName)")
    }
}
