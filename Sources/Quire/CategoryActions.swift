import Foundation
import GtkKit
import NoteModel
import Scenes

/// Move to Category… (Ctrl+Shift+M, the primary menu, a list row's menu):
/// files the note of the window in front in a category, typed or picked, or
/// in none; a toast offers Undo (Alt+U), which puts it back where it was.
@MainActor
final class CategoryActions {
    static let actionName = "move-to-category"
    private let store: @MainActor () -> NoteStore?
    /// The dialog open now, kept until answered.
    private var dialog: MessageDialog?

    init(store: @escaping @MainActor () -> NoteStore?) {
        self.store = store
    }

    /// Adds `app.move-to-category`.
    func install(on application: Application) {
        application.addAction(CategoryActions.actionName, accelerators: ["<Control><Shift>m"]) { [weak self] in
            guard let window = AppDelegate.focusedNoteWindow(in: application)?.noteWindow else { return }
            self?.ask(for: window)
        }
    }

    /// The item for a menu.
    static func append(to menu: Menu) {
        menu.append(localized("Move to Category…"), action: "app.\(actionName)")
    }

    /// Asks which category the note of `noteWindow` goes in, then files it there.
    private func ask(for noteWindow: NoteWindowController) {
        guard dialog == nil, let window = noteWindow.scene?.window, let id = noteWindow.noteID, let store = store() else { return }
        let current = (try? store.category(of: id)) ?? ""
        let existing = ((try? store.categories()) ?? []).map(\.path)
        let detail = existing.isEmpty
            ? localized("Type a category, “Recipes/Cakes” for one inside another, or leave it empty for none.")
            : localized("Type a category, “Recipes/Cakes” for one inside another, or leave it empty for none. There are: %s.",
                        existing.joined(separator: localized(", ")))
        dialog = TextQuestion.ask(
            over: window, heading: localized("Move to Category"), body: detail, field: localized("Category"), text: current,
            answer: localized("_Move")
        ) { [weak self, weak noteWindow] category in
            self?.dialog = nil
            guard let category, let noteWindow, let store = self?.store() else { return }
            CategoryActions.file(id, in: category, store: store, shownIn: noteWindow)
        }
    }

    /// Files the note `id` in `category` (typed, a row dropped on it), and
    /// offers Undo in `noteWindow`.
    static func file(_ id: UUID, in category: String, store: NoteStore, shownIn noteWindow: NoteWindowController) {
        let previous: [UUID: String]
        do {
            previous = try store.waitingLonger { try store.setCategory(category, of: [id]) }
        } catch {
            Log.error("could not move the note to another category: \(error)")
            noteWindow.offer(Toast(localized("The note could not be moved: %s", "\(error)"), seconds: 10, urgent: true))
            return
        }
        guard !previous.isEmpty else { return }  // already there
        let target = NoteCategory.normalized(category)
        let message = target.isEmpty ? localized("The note is in no category now") : localized("The note moved to %s")
        noteWindow.offerUndo(saying: message, naming: target.isEmpty ? nil : target, failure: "could not put the note back in its category") {
            try store.moveNotes(previous.map { ($0.key, $0.value) })
        }
    }
}
