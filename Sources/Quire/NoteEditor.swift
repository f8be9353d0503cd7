import Foundation
import GtkKit
import NoteModel

/// Edits one note in a window and saves it as the user types: 300 ms after
/// the last keystroke, at least once a second while typing goes on, and at
/// once when asked (background, disconnect, quit). Each keystroke also goes,
/// as an edit, to the other windows showing the note, and theirs come here,
/// so every window shows the note as it is typed. Reports title and cursor changes.
@MainActor
final class NoteEditor {
    private let editor = TextView()
    private let store: NoteStore
    private let liveEdits: LiveEditHub
    private let origin = NoteChangeOrigin()
    private var liveSubscription: NoteObservation?
    private var changedConnection: SignalConnection?
    private var insertConnection: SignalConnection?
    private var deleteConnection: SignalConnection?
    /// The note being edited; nil until a new note's first save creates it.
    private(set) var noteID: UUID? {
        didSet {
            guard noteID != oldValue else { return }
            joinLiveEdits()
            onNoteChanged?(noteID)
        }
    }
    /// Called when the editor starts showing another note (or a new one is created).
    var onNoteChanged: (@MainActor (UUID?) -> Void)?
    private var savedBody = ""
    private var lastSaveError: String?
    private lazy var autosave = Debouncer(quietMilliseconds: 300, maximumDelayMilliseconds: 1_000) {
        [weak self] in self?.save()
    }

    /// Called with the window title whenever it should change.
    var onTitleChange: (@MainActor (String) -> Void)?
    /// Called when the note or the cursor changed (what a restoration activity records).
    var onStateChange: (@MainActor () -> Void)?
    /// Called when the note shown went to the trash or was deleted (from any window).
    var onNoteRemoved: (@MainActor () -> Void)?

    /// The editor's view, for the window to show.
    let root: Widget
    private let scroller = ScrolledWindow()
    private var storeObservation: NoteObservation?

    /// An editor for the note `noteID` (or a new note, if nil or gone).
    init(store: NoteStore, liveEdits: LiveEditHub, noteID: UUID?) {
        self.store = store
        self.liveEdits = liveEdits
        scroller.setChild(editor)
        scroller.setExpands(horizontally: true, vertically: true)
        editor.setTextMargins(18)
        editor.setAccessibleLabel(localized("Note text"))
        root = scroller
        load(noteID)
        changedConnection = editor.buffer.onChanged { [weak self] in self?.textChanged() }
        insertConnection = editor.buffer.onInsertText { [weak self] offset, text in
            self?.publish(.insert(offset: Int(offset), text: text))
        }
        deleteConnection = editor.buffer.onDeleteRange { [weak self] offset, length in
            self?.publish(.delete(offset: Int(offset), length: Int(length)))
        }
        editor.buffer.onCursorMoved { [weak self] in self?.onStateChange?() }
        storeObservation = store.observe { [weak self] change, _ in
            MainActor.assumeIsolated {
                guard let self, change.noteID == self.noteID else { return }
                switch change {
                case .movedToTrash, .deletedPermanently: self.onNoteRemoved?()
                default: break
                }
            }
        }
    }

    /// Gives the editor the keyboard focus.
    func focus() { editor.grabFocus() }

    /// Whether the text can be changed (notes in the trash are only shown).
    var isReadOnly = false {
        didSet { editor.isEditable = !isReadOnly }
    }

    /// The cursor's character offset.
    var cursorOffset: Int32 { editor.buffer.cursorOffset }

    /// Moves the cursor (restoring a window's interaction state).
    func placeCursor(at offset: Int32) { editor.buffer.placeCursor(atOffset: offset) }

    /// The selection's far end (equal to the cursor when nothing is selected).
    var selectionBound: Int32 { editor.buffer.selectionOffsets.bound }

    /// Selects from `bound` to the cursor at `cursor` (restoring a window).
    func select(cursor: Int32, bound: Int32) { editor.buffer.select(insert: cursor, bound: bound) }

    /// How far the note is scrolled, in pixels.
    var scrollOffset: Double { scroller.verticalOffset }

    /// Scrolls to `offset` once the note is laid out (restoring a window).
    func restoreScroll(to offset: Double) { scroller.scroll(toVerticalOffset: offset) }

    /// The window title for the current text: "<first line> — Quire".
    var windowTitle: String {
        let title = Note.title(ofBody: editor.buffer.text(prefixLength: Int32(Note.titleSourceLength)))
        let shown = title.isEmpty ? localized("New Note") : title
        return lastSaveError == nil ? localized("%s — Quire", shown) : localized("%s (not saved) — Quire", shown)
    }

    /// Saves the current note and starts a new, empty one in this editor, with the focus.
    func startNewNote() {
        show(noteID: nil)
        focus()
    }

    /// Saves the current note, then shows the note `noteID` (a new, empty one if
    /// nil or gone). The keyboard focus stays where it is.
    func show(noteID: UUID?) {
        saveNow()
        guard let changedConnection, let insertConnection, let deleteConnection else { return }
        changedConnection.whileBlocked {
            insertConnection.whileBlocked {
                deleteConnection.whileBlocked {
                    editor.buffer.text = ""
                    self.noteID = nil
                    savedBody = ""
                    load(noteID)
                }
            }
        }
        lastSaveError = nil
        onTitleChange?(windowTitle)
        onStateChange?()
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

    private func joinLiveEdits() {
        liveSubscription = noteID.map { id in
            liveEdits.subscribe(to: id, origin: origin) { [weak self] edit in
                MainActor.assumeIsolated { self?.apply(edit) }
            }
        }
    }

    private func publish(_ edit: NoteEdit) {
        guard let noteID else { return }
        liveEdits.publish(edit, to: noteID, from: origin)
    }

    /// Applies another window's edit without echoing it, without an undo step,
    /// and without autosaving (the window that made it saves it).
    private func apply(_ edit: NoteEdit) {
        guard let changedConnection, let insertConnection, let deleteConnection else { return }
        changedConnection.whileBlocked {
            insertConnection.whileBlocked {
                deleteConnection.whileBlocked {
                    editor.buffer.withoutUndo {
                        switch edit {
                        case let .insert(offset, text):
                            editor.buffer.insert(text, atOffset: Int32(offset))
                        case let .delete(offset, length):
                            editor.buffer.delete(fromOffset: Int32(offset), length: Int32(length))
                        }
                    }
                }
            }
        }
        onTitleChange?(windowTitle)
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
                try store.updateBody(of: noteID, to: body, origin: origin)
                return
            } catch NoteStoreError.noSuchNote {
                // Deleted elsewhere while open: keep the text as a new note.
                Log.error("the note was deleted meanwhile; saving the text as a new note")
            }
        }
        noteID = try store.createNote(body: body, origin: origin).id
    }
}
