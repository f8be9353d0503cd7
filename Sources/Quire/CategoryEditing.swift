import FoundationEssentials
import GtkKit
import NoteModel
import Scenes

/// Rename Category… and Remove Category… (a category's right-click menu in the
/// sidebar; F2 and Delete there): for the category the window in front shows.
/// A rename files its notes, and those of the categories inside it, under the
/// new name; a removal files them in none (asking first when it holds notes)
/// and deletes nothing. Either is one step for Undo (Alt+U), and every window
/// showing the category follows it.
@MainActor
final class CategoryEditing {
    static let renameActionName = "rename-category"
    static let removeActionName = "remove-category"
    private let store: @MainActor () -> NoteStore?
    private weak var application: Application?
    /// The dialog open now, kept until answered.
    private var dialog: MessageDialog?

    init(store: @escaping @MainActor () -> NoteStore?) {
        self.store = store
    }

    /// Adds `app.rename-category` and `app.remove-category`.
    func install(on application: Application) {
        self.application = application
        application.addAction(CategoryEditing.renameActionName) { [weak self] in
            guard let (window, category) = self?.shownCategory() else { return }
            self?.askNewName(of: category, in: window)
        }
        application.addAction(CategoryEditing.removeActionName) { [weak self] in
            guard let (window, category) = self?.shownCategory() else { return }
            self?.askToRemove(category, in: window)
        }
    }

    /// The menu of a category in the sidebar.
    static func menu() -> Menu {
        let menu = Menu()
        menu.append(localized("Rename Category…"), action: "app.\(renameActionName)")
        menu.append(localized("Remove Category…"), action: "app.\(removeActionName)")
        return menu
    }

    /// The main window in front and the category it shows, if it shows one.
    private func shownCategory() -> (MainSceneDelegate, String)? {
        guard let application, let window = AppDelegate.focusedScene(in: application)?.delegate as? MainSceneDelegate,
              let category = window.shownCategory, dialog == nil else { return nil }
        return (window, category)
    }

    private func askNewName(of category: String, in window: MainSceneDelegate) {
        guard let parent = window.noteWindow.scene?.window else { return }
        dialog = TextQuestion.ask(
            over: parent, heading: localized("Rename Category"),
            body: localized("Its notes, and the categories inside it, move to the new name, on every device that syncs."),
            field: localized("Name"), text: category, answer: localized("_Rename")
        ) { [weak self, weak window] answer in
            self?.dialog = nil
            let name = NoteCategory.normalized(answer ?? "")
            guard let window, !name.isEmpty, name != category else { return }
            self?.rename(category, to: name, in: window)
        }
    }

    private func askToRemove(_ category: String, in window: MainSceneDelegate) {
        guard let parent = window.noteWindow.scene?.window, let store = store() else { return }
        let count = ((try? store.categories()) ?? []).first { $0.path == category }?.count ?? 0
        guard count > 0 else {
            remove(category, in: window)
            return
        }
        let dialog = MessageDialog(
            over: parent, heading: localized("Remove “%s”?", category),
            body: localizedPlural(
                "Its %d note will be in no category. No note is deleted.",
                "Its %d notes will be in no category. No note is deleted.", count: count))
        dialog.addResponse("cancel", label: localized("_Cancel"))
        dialog.addResponse("remove", label: localized("_Remove"), isDestructive: true)
        dialog.setResponses(default: "cancel", close: "cancel")
        dialog.onResponse { [weak self, weak window] response in
            self?.dialog = nil
            guard response == "remove", let window else { return }
            self?.remove(category, in: window)
        }
        self.dialog = dialog
        dialog.present()
    }

    private func rename(_ category: String, to name: String, in window: MainSceneDelegate) {
        guard let previous = change({ try $0.renameCategory(category, to: name) }, in: window) else { return }
        follow(category, to: name)
        window.noteWindow.offerUndo(saying: localized("The category is %s now"), naming: name, failure: "could not rename the category back") {
            [weak self] in
            try self?.store()?.moveNotes(previous.map { ($0.key, $0.value) })
            self?.follow(name, to: category)
        }
    }

    private func remove(_ category: String, in window: MainSceneDelegate) {
        guard let previous = change({ try $0.removeCategory(category) }, in: window) else { return }
        follow(category, to: nil)
        guard !previous.isEmpty else { return }
        window.noteWindow.offerUndo(saying: localized("The category %s was removed"), naming: category, failure: "could not put the notes back in their category") {
            [weak self, weak window] in
            try self?.store()?.moveNotes(previous.map { ($0.key, $0.value) })
            window?.showCategory(category)
        }
    }

    /// Makes `write` in the notes; returns the notes' categories before, or
    /// nil (said in `window`) if it failed.
    private func change(_ write: (NoteStore) throws -> [UUID: String], in window: MainSceneDelegate) -> [UUID: String]? {
        guard let store = store() else { return nil }
        do {
            return try store.waitingLonger { try write(store) }
        } catch {
            Log.error("could not change the category: \(error)")
            window.noteWindow.offer(Toast(localized("The category could not be changed: %s", "\(error)"), seconds: 10, urgent: true))
            return nil
        }
    }

    /// Every main window showing `old`, or a category inside it, shows it
    /// under `new` (nil: All Notes).
    private func follow(_ old: String, to new: String?) {
        let windows = application?.connectedScenes.compactMap { ($0 as? WindowScene)?.delegate as? MainSceneDelegate } ?? []
        for window in windows {
            guard let shown = window.shownCategory, NoteCategory.path(shown, isWithin: old) else { continue }
            window.showCategory(new.map { $0 + shown.dropFirst(old.count) })
        }
    }
}
