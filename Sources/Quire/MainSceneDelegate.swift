import Foundation
import GtkKit
import NoteModel
import Scenes

/// The scene delegate of a main window ("Default Configuration"): the list of
/// notes beside an editor for the selected one. A new main window shows the
/// most recent note (a new one if there are none); windows showing the same
/// note show each other's typing at once.
@MainActor
final class MainSceneDelegate: NoteSceneDelegate {
    private var list: NoteListView?
    private var paned: Paned?

    override func initialNoteID(in store: NoteStore) -> UUID? {
        (try? store.mostRecentlyModifiedNote())?.id
    }

    /// A main window shows whichever note; requests for a note open its own window.
    override var prefersItsNote: Bool { false }

    override func makeContent(around editorView: Widget, store: NoteStore) -> Widget {
        let list = NoteListView(store: store)
        list.onSelect = { [weak self] id in self?.editor?.show(noteID: id) }
        list.select(noteID)
        let paned = Paned(start: list.root, end: editorView)
        paned.position = 280
        self.list = list
        self.paned = paned
        return paned
    }

    override func decorate(_ header: HeaderBar) {
        header.packStart(Button(label: "_New Note", action: "app.new-note", tooltip: "Start a new note (Ctrl+N)"))
    }

    override func editorDidShow(_ noteID: UUID?) { list?.select(noteID) }

    /// Puts the keyboard focus in the search field (Ctrl+F).
    func focusSearch() { list?.focusSearch() }

    override func recordExtraState(into activity: UserActivity) {
        guard let list, let paned else { return }
        let entries: [String: PropertyListValue] = [
            "searchText": .string(list.search.text), "listWidth": .integer(Int64(paned.position)),
        ]
        if entries.contains(where: { activity.userInfo[$0.key] != $0.value }) { activity.addUserInfoEntries(from: entries) }
    }

    override func restoreExtraState(from activity: UserActivity) {
        if let width = activity.userInfo["listWidth"]?.integerValue, (120...2_000).contains(width) {
            paned?.position = Int32(width)
        }
        if let text = activity.userInfo["searchText"]?.stringValue, !text.isEmpty {
            list?.search.text = text
            list?.reload()
            list?.select(noteID)
        }
    }
}
