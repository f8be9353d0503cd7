import Foundation
import GtkKit
import NoteModel

/// A window that edits one note and saves it as the user types.
///
/// Saving happens 300 ms after the last keystroke and at least once a second
/// while typing goes on, and at once when the window closes or the app quits.
/// The window title follows the note's first line.
@MainActor
final class NoteWindow {
    /// The top-level window.
    let window: Window
    private let editor = TextView()
    private let store: NoteStore
    private var noteID: UUID?
    private var savedBody = ""
    private var lastSaveError: String?
    private lazy var autosave = Debouncer(quietMilliseconds: 300, maximumDelayMilliseconds: 1_000) {
        [weak self] in self?.save()
    }

    /// A window showing the most recently edited note (or an empty one) from `store`.
    init(application: Application, store: NoteStore) {
        self.store = store
        window = Window(application: application)
        window.setDefaultSize(width: 720, height: 540)
        let scroller = ScrolledWindow()
        scroller.setChild(editor)
        editor.setTextMargins(18)
        window.setChild(scroller)
        loadMostRecentNote()
        editor.buffer.onChanged { [weak self] in self?.textChanged() }
        window.onCloseRequest { [weak self] in
            self?.saveNow()
            return false
        }
        updateTitle()
    }

    /// Shows the window with the keyboard focus in the editor.
    func present() {
        window.present()
        editor.grabFocus()
    }

    /// Saves any unsaved text now.
    func saveNow() {
        autosave.cancel()
        save()
    }

    private func loadMostRecentNote() {
        do {
            guard let note = try store.mostRecentlyModifiedNote() else { return }
            noteID = note.id
            savedBody = note.body
            editor.buffer.text = note.body
            editor.buffer.placeCursor(atOffset: -1)
        } catch {
            Log.error("could not read the last note: \(error)")
        }
    }

    private func textChanged() {
        updateTitle()
        autosave.poke()
    }

    private func updateTitle() {
        let title = Note.title(ofBody: editor.buffer.text)
        let unsaved = lastSaveError == nil ? "" : " (not saved)"
        window.title = (title.isEmpty ? "New Note" : title) + unsaved + " — Quire"
    }

    /// Writes the text if it changed since the last save. On failure the text
    /// stays in the editor, the title says so, and the next change tries again.
    private func save() {
        let body = editor.buffer.text
        guard body != savedBody else { return }
        do {
            try write(body)
            savedBody = body
            if lastSaveError != nil {
                lastSaveError = nil
                updateTitle()
            }
        } catch {
            let message = "\(error)"
            if message != lastSaveError { Log.error("could not save the note: \(message)") }
            lastSaveError = message
            updateTitle()
        }
    }

    private func write(_ body: String) throws {
        if let noteID {
            do {
                try store.updateBody(of: noteID, to: body)
                return
            } catch NoteStoreError.noSuchNote {
                // Deleted elsewhere while open: keep the text as a new note.
                Log.error("the note was deleted meanwhile; saving the text as a new note")
            }
        }
        noteID = try store.createNote(body: body).id
    }
}
