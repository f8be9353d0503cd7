import FoundationEssentials
import GtkKit
import NoteModel
import Scenes

/// Move to Category… (Ctrl+Shift+M, the primary menu, a list row's menu):
/// files the note of the window in front (or the notes selected together in
/// its list) in a category, typed or picked, or in none; a toast offers Undo
/// (Alt+U), which puts each back where it was.
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
        guard dialog == nil, let window = noteWindow.scene?.window, let store = store() else { return }
        let several = noteWindow.notesActedOn
        guard let ids = several.isEmpty ? noteWindow.noteIDSavingNewNote().map({ [$0] }) : several else { return }
        let categories = Set(ids.map { (try? store.category(of: $0)) ?? "" })
        let current = categories.count == 1 ? categories.first ?? "" : ""
        let existing = ((try? store.categories()) ?? []).map(\.path)
        let detail = existing.isEmpty
            ? localized("Type a category, “Recipes/Cakes” for one inside another, or leave it empty for none.")
            : localized("Choose a category below, or type one: “Recipes/Cakes” for one inside another, or nothing for none.")
        dialog = TextQuestion.ask(
            over: window, heading: localized("Move to Category"), body: detail, field: localized("Category"), text: current,
            answer: localized("_Move"), choices: existing
        ) { [weak self, weak noteWindow] category in
            self?.dialog = nil
            guard let category, let noteWindow, let store = self?.store() else { return }
            CategoryActions.file(ids, in: category, store: store, shownIn: noteWindow)
        }
    }

    /// Files the notes `ids` in `category` (typed, a row dropped on it), and
    /// offers Undo in `noteWindow`, which puts each back where it was.
    static func file(_ ids: [UUID], in category: String, store: NoteStore, shownIn noteWindow: NoteWindowController) {
        let previous: [UUID: String]
        do {
            previous = try store.waitingLonger { try store.setCategory(category, of: ids) }
        } catch {
            Log.error("could not move the note to another category: \(error)")
            noteWindow.offer(Toast(localized("The note could not be moved: %s", "\(error)"), seconds: 10, urgent: true))
            return
        }
        guard !previous.isEmpty else { return }  // already there
        let target = NoteCategory.normalized(category)
        let message = switch (ids.count > 1, target.isEmpty) {
        case (false, true): localized("The note is in no category now")
        case (false, false): localized("The note moved to %s")
        case (true, true): localizedPlural("%d note is in no category now", "%d notes are in no category now", count: ids.count)
        case (true, false): localizedPlural("%d note moved to %s", "%d notes moved to %s", count: ids.count)
        }
        noteWindow.offerUndo(saying: message, naming: target.isEmpty ? nil : target, failure: "could not put the note back in its category") {
            try store.moveNotes(previous.map { ($0.key, $0.value) })
        }
    }
}
