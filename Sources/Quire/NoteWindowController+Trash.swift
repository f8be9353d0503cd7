import FoundationEssentials
import GtkKit
import NoteModel
import Scenes

/// Move to Trash, with Undo, and Pin Note, for the note a window shows.
extension NoteWindowController {
    /// Moves the note shown to the trash and offers Undo, which also opens the
    /// note's own window again if it had one (Move to Trash: Alt+Delete, or
    /// Delete in the list). Every window's unsaved typing in the note is saved
    /// first; a note that cannot be saved is not trashed.
    ///
    /// A long note (`NoteDocument.isLongNoteSavedInTheBackground`) is saved,
    /// trashed and taken back out on the background saver: SQLite writes its
    /// whole row again for each, about 0.6 s for 20 MB that would freeze every
    /// window. Its window leaves it first, as its removal would make it:
    /// what is typed from then on goes into the note shown next. The note's
    /// own windows close at once too, not when the trash lands: a window that
    /// vanished under the person's hands would take the keys they were typing.
    ///
    /// A note removed already (in the trash or deleted elsewhere, or in the
    /// trash as the window opened on it, the bar over it saying so), with
    /// nothing typed into it, is left as it is, and the window leaves it as a
    /// trashing here would make it. The trash's own view, which only shows
    /// its notes, does nothing.
    func moveNoteToTrash() {
        guard let editor, let store, let owner else { return }
        if editor.document.isRemoved, !editor.document.hasUnsavedText, let id = editor.noteID {
            if !editor.isReadOnly { leaveRemovedNote(id, in: store) }
            return
        }
        if editor.document.isLongNoteSavedInTheBackground, let saver = services.documents?.saver, let id = editor.noteID {
            moveToTrashInTheBackground(id, saver: saver)
            return
        }
        guard editor.saveNow() else { return }  // the save bar says why
        guard let id = editor.noteID else { return }  // an empty new note has nothing to trash
        let title = (try? store.note(id: id)).flatMap { $0?.title } ?? ""
        let hadOwnWindow = hasOwnWindow(id)
        do {
            try store.waitingLonger { try store.moveToTrash(id) }
        } catch {
            NoteWindowController.tellTrashFailed(error, in: self, services: services)
            return
        }
        // The window leaves the note now, inside this key press, not once the
        // removal is heard of: a key typed straight after would otherwise meet the
        // trashed note, read-only, if GTK handed it over in the same turn. A
        // note's own window closes with its note: no toast is started in it (one
        // still animating in a window being destroyed upsets GTK's frame clock).
        leaveRemovedNote(id, in: store)
        guard !owner.prefersItsNote else { return }
        offerUndoOfTrash(id, title: title, reopeningItsWindow: hadOwnWindow) { restored in
            try store.waitingLonger { try store.restoreFromTrash(id) }
            restored()
        }
    }

    /// Move to Trash for a long note: the window leaves the note (a main
    /// window shows the next note; a note's own window closes), and once the
    /// note's save has ended, the saver trashes it, and Undo is offered.
    private func moveToTrashInTheBackground(_ id: UUID, saver: BackgroundNoteSaver) {
        guard let editor, let store, let owner, scene != nil else { return }
        let document = editor.document
        let title = Note.title(ofBody: document.currentText)
        let hadOwnWindow = hasOwnWindow(id)
        let prefersItsNote = owner.prefersItsNote
        let left = prefersItsNote ? closeForTheTrash() : editor.show(noteID: owner.noteToShow(after: id, in: store))
        guard left else { return }  // the save bar says why
        closeOwnWindows(of: [id])
        document.isLeavingForTheTrash = true  // before its save can fail: that ends on a later turn of the main loop
        let services = services
        DocumentTrace.note(id, "trash", "after saving")
        document.afterSaving { [weak self] saved in
            guard saved else {
                // The document keeps the text and tries again. Out of sight, the
                // front window says so, and that the note stays out of the trash;
                // in another window, the save bar says why, and this toast the rest.
                if document.isShown {
                    NoteWindowController.speaker(self, services: services)?.offer(Toast(
                        localized("“%s” was not moved to the trash: it could not be saved.", ShownTitle.of(title)),
                        seconds: 10, urgent: true))
                }
                return
            }
            saver.moveToTrash(id) { [weak self] result in
                DocumentTrace.note(id, "trash", "background \(result)")
                if case let .failure(error) = result {
                    NoteWindowController.tellTrashFailed(error, in: self, services: services)
                    return
                }
                guard !prefersItsNote else { return }
                self?.offerUndoOfTrash(id, title: title, reopeningItsWindow: hadOwnWindow) { restored in
                    saver.restoreFromTrash(id) { result in
                        switch result {
                        case .success: restored()
                        case let .failure(error): Log.error("could not take the note out of the trash: \(error)")
                        }
                    }
                }
            }
        }
    }

    /// Whether a note's own window shows the note `id`.
    private func hasOwnWindow(_ id: UUID) -> Bool { !ownWindows(of: [id]).isEmpty }

    /// The own windows of the notes `ids`.
    private func ownWindows(of ids: Set<UUID>) -> [NoteWindowController] {
        (services.application?.connectedScenes ?? []).compactMap { scene in
            guard let owner = scene.delegate as? any NoteWindowSceneDelegate, owner.prefersItsNote,
                  let noteID = owner.noteWindow.noteID, ids.contains(noteID) else { return nil }
            return owner.noteWindow
        }
    }

    /// Closes the other own windows of the notes `ids`, which are going to
    /// the trash on the background saver (`closeForTheTrash`): at once, as a
    /// short note's close within the same key press, never a moment later
    /// under the person's typing.
    func closeOwnWindows(of ids: Set<UUID>) {
        for window in ownWindows(of: ids) where window !== self { _ = window.closeForTheTrash() }
    }

    /// Closes this window, a note's own, once it has handed its typing to the
    /// note's document, whose save the trash waits for. False, and the window
    /// stays open, its save bar saying why, if the note could not be saved.
    private func closeForTheTrash() -> Bool {
        guard let editor, let scene, editor.saveBeforeLeaving() else { return false }
        services.application?.requestSceneSessionDestruction(scene.session)
        return true
    }

    /// Offers Undo for the note `id`, titled `title`, just moved to the trash.
    /// Undo runs `restore`, which takes the note out of the trash and then
    /// calls the function it is given: that shows the note again here, and in
    /// its own window too if it had one (`reopeningItsWindow`).
    private func offerUndoOfTrash(
        _ id: UUID, title: String, reopeningItsWindow: Bool,
        restore: @escaping @MainActor (_ restored: @escaping @MainActor () -> Void) throws -> Void
    ) {
        let message = title.isEmpty ? localized("Note moved to the trash") : localized("“%s” moved to the trash")
        let services = services
        // The newest trashing is the one Undo is for: its toast shows at once.
        offerUndo(saying: message, naming: title.isEmpty ? nil : title, failure: "could not take the note out of the trash") {
            [weak self] in
            try restore {
                self?.editor?.show(noteID: id)
                self?.editor?.focus()
                if reopeningItsWindow { services.openNoteWindow(for: id, showing: nil) }
            }
        }
    }

    /// Says that the note could not be moved to the trash, and why: in
    /// `window`, or in the front window if it has closed meanwhile.
    private static func tellTrashFailed(_ error: any Error, in window: NoteWindowController?, services: any NoteWindowServices) {
        Log.error("could not move the note to the trash: \(error)")
        speaker(window, services: services)?.offer(Toast(localized("The note could not be moved to the trash: %s", "\(error)"), seconds: 10, urgent: true))
    }

    /// `window` if it is still open, else the front window: where to say what
    /// became of something a window asked for before it closed.
    private static func speaker(_ window: NoteWindowController?, services: any NoteWindowServices) -> NoteWindowController? {
        window ?? services.application.flatMap { AppDelegate.frontNoteWindow(in: $0)?.noteWindow }
    }

    /// Pins the note shown to the top of every window's list, or unpins it
    /// (Pin Note). Unsaved typing is saved first, so a new note exists to be
    /// pinned; a long note is pinned on the background saver, after its save
    /// (SQLite writes its whole row again). Returns whether the note is
    /// pinned now, or is being (nil: no note).
    func pinNote(_ pinned: Bool) -> Bool? {
        guard let editor, let store else { return nil }
        if editor.document.isLongNoteSavedInTheBackground, let saver = services.documents?.saver, let id = editor.noteID {
            saver.setPinned(pinned, of: id) { [weak self] result in
                DocumentTrace.note(id, "pin", "background \(result)")
                if case let .failure(error) = result { self?.tellPinFailed(pinned, error) }
            }
            return pinned
        }
        guard editor.saveNow(), let id = editor.noteID else { return nil }
        do {
            try store.waitingLonger { try store.setPinned(pinned, of: id) }
        } catch {
            tellPinFailed(pinned, error)
        }
        return try? store.isPinned(id)
    }

    private func tellPinFailed(_ pinned: Bool, _ error: any Error) {
        Log.error("could not \(pinned ? "pin" : "unpin") the note: \(error)")
        offer(Toast(
            pinned ? localized("The note could not be pinned: %s", "\(error)") : localized("The note could not be unpinned: %s", "\(error)"),
            seconds: 10, urgent: true))
    }
}
