import Foundation
import GtkKit
import NoteModel

/// Edits one note in a window and saves it as the user types: 300 ms after
/// the last keystroke, at least once a second while typing goes on, and at
/// once when asked (background, disconnect, quit). Reports title and cursor changes.
@MainActor
final class NoteEditor {
    private let editor = TextView()
    private let store: NoteStore
    /// The note being edited; nil until a new note's first save creates it.
    private(set) var noteID: UUID?
    private var savedBody = ""
    private var lastSaveError: String?
    private lazy var autosave = Debouncer(quietMilliseconds: 300, maximumDelayMilliseconds: 1_000) {
        [weak self] in self?.save()
    }

    /// Called with the window title whenever it should change.
    var onTitleChange: (@MainActor (String) -> Void)?
    /// Called when the note or the cursor changed (what a restoration activity records).
    var onStateChange: (@MainActor () -> Void)?

    /// Puts an editor for the note `noteID` (or a new note, if nil or gone) into `window`.
    init(window: Window, store: NoteStore, noteID: UUID?) {
        self.store = store
        let scroller = ScrolledWindow()
        scroller.setChild(editor)
        editor.setTextMargins(18)
        window.setDefaultSize(width: 720, height: 540)
        window.setChild(scroller)
        load(noteID)
        editor.buffer.onChanged { [weak self] in self?.textChanged() }
        editor.buffer.onCursorMoved { [weak self] in self?.onStateChange?() }
        editor.grabFocus()
    }

    /// The cursor's character offset.
    var cursorOffset: Int32 { editor.buffer.cursorOffset }

    /// Moves the cursor (restoring a window's interaction state).
    func placeCursor(at offset: Int32) { editor.buffer.placeCursor(atOffset: offset) }

    /// The window title for the current text: "<first line> — Quire".
    var windowTitle: String {
        let title = Note.title(ofBody: editor.buffer.text)
        let unsaved = lastSaveError == nil ? "" : " (not saved)"
        return (title.isEmpty ? "New Note" : title) + unsaved + " — Quire"
    }

    /// Saves any unsaved text now.
    func saveNow() {
        autosave.cancel()
        save()
    }

    private func load(_ noteID: UUID?) {
        guard let noteID else { return }
        do {
            guard let note = try store.note(id: noteID) else {
                Log.error("the note \(noteID.uuidString) no longer exists; this window starts a new note")
                return
            }
            self.noteID = note.id
            savedBody = note.body
            editor.buffer.text = note.body
            editor.buffer.placeCursor(atOffset: -1)
        } catch {
            Log.error("could not read the note \(noteID.uuidString): \(error)")
        }
    }

    private func textChanged() {
        onTitleChange?(windowTitle)
        autosave.poke()
    }

    /// Writes the text if it changed since the last save. On failure the text
    /// stays in the editor, the title says so, and the next change tries again.
    private func save() {
        let body = editor.buffer.text
        guard body != savedBody else { return }
        let hadNote = noteID != nil
        do {
            try write(body)
            savedBody = body
            if lastSaveError != nil {
                lastSaveError = nil
                onTitleChange?(windowTitle)
            }
            if !hadNote { onStateChange?() }
        } catch {
            let message = "\(error)"
            if message != lastSaveError { Log.error("could not save the note: \(message)") }
            lastSaveError = message
            onTitleChange?(windowTitle)
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
