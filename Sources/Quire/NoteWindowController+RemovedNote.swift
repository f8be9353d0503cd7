import FoundationEssentials
import GtkKit
import NoteModel
import Scenes

/// What a window does when the note it shows goes to the trash or is deleted:
/// here (this window or another) or elsewhere (another device's sync, another
/// program); and what a note's own window opened on a note in the trash, or
/// on one deleted for good, says.
extension NoteWindowController {
    /// The note shown was removed. When the text shown was kept as a new
    /// note (words typed here unsaved as it was removed elsewhere), the window
    /// goes on in it at once: the editor keeps its text, so nothing is undone,
    /// and no key finds the removed note, which takes none (GTK may hand over
    /// several keys in one turn of the main loop, with nothing run between
    /// them). The bar says so first, from the removed note's document.
    ///
    /// Otherwise, deferred out of the signal handler that made the change,
    /// yet ahead of the next key press, the window:
    ///
    /// - stays on it, saying so, when it was removed elsewhere and the window
    ///   is the note's own or the person is typing in it: a window never
    ///   vanishes, or moves to another note, under the hands of someone
    ///   typing, and words typed on become a new note (`NoteDocument.isRemovedElsewhere`);
    /// - otherwise, a note's own window closes, discarding its session, and a
    ///   main window moves to the note its owner picks. (Move to Trash here
    ///   has the window it was chosen in leave the note at once, inside the key
    ///   press: a word typed straight after goes into the note shown next,
    ///   never into the removed one.)
    ///
    /// A window that moved on meanwhile (Delete Forever shows the next note
    /// there itself) stays where it is.
    func noteWasRemoved(from store: NoteStore) {
        guard let shown = editor, let removed = shown.noteID else { return }
        if let kept = shown.document.keptAs {
            saveStateChanged()
            shown.goOn(in: kept)
            return
        }
        MainLoop.aheadOfInput { [weak self] in
            guard let self, let owner, let editor, editor.noteID == removed else { return false }
            if let kept = editor.document.keptAs {
                editor.goOn(in: kept)
            } else if editor.document.isRemovedElsewhere, owner.prefersItsNote || editor.hasKeyboardFocus {
                sayRemovedElsewhere(removed, from: store)
            } else {
                leaveRemovedNote(removed, in: store)
            }
            return false
        }
    }

    /// Leaves the note `removed`, in the trash or deleted: a note's own
    /// window closes, discarding its session; a main window shows the note
    /// its owner picks.
    func leaveRemovedNote(_ removed: UUID, in store: NoteStore) {
        guard let scene, let owner, let editor else { return }
        if owner.prefersItsNote {
            services.application?.requestSceneSessionDestruction(scene.session)
        } else {
            editor.show(noteID: owner.noteToShow(after: removed, in: store))
        }
    }

    /// The bar over a note removed elsewhere that the window stays on: what
    /// happened, what typing on does, and Restore for a note in the trash.
    private func sayRemovedElsewhere(_ id: UUID, from store: NoteStore) {
        let inTrash = (try? store.isInTrash(id)) == true
        Log.error("note \(id.uuidString) was \(inTrash ? "moved to the trash" : "deleted") by another program; its window stays on it")
        guard inTrash else {
            let message = localized("This note was deleted elsewhere. Anything typed into it is kept as a new note.")
            removalNotice = (id, message)
            return madeRemovalBar().show(message, actionLabel: localized("_OK"))
        }
        sayRemoved(id, localized("This note was moved to the trash elsewhere. Anything typed into it is kept as a new note."))
    }

    /// The bar over the note `id`, in the trash as this window opened on it
    /// (restored, or a link's note, in a note's own window): it says so, what
    /// typing does, and offers Restore.
    func sayInTrash(_ id: UUID) {
        sayRemoved(id, localized("This note is in the trash. Anything typed into it is kept as a new note."))
    }

    /// The bar over a note's own window that opened on a new note because its
    /// own was deleted for good meanwhile (restored on it): it says why the
    /// window is empty, until what is typed there is saved as a note.
    func sayDeletedBeforeOpening() {
        let message = localized("The note this window showed was deleted elsewhere. Anything typed here starts a new note.")
        removalNotice = (nil, message)
        madeRemovalBar().show(message, actionLabel: localized("_OK"))
    }

    /// The bar over the note `id`, in the trash, saying `message`, with Restore.
    private func sayRemoved(_ id: UUID, _ message: String) {
        removalNotice = (id, message)
        madeRemovalBar().show(message, actionLabel: localized("_Restore"), tooltip: localized("Take the note out of the trash")) { [weak self] in
            self?.restoreRemovedNote(id)
        }
    }

    /// Restore, in the bar over a note moved to the trash elsewhere.
    private func restoreRemovedNote(_ id: UUID) {
        guard let writes = services.documents?.writes else { return }
        writes.restoreFromTrash(id) { [weak self] result in
            guard case let .failure(error) = result else { return }
            Log.error("could not take the note out of the trash: \(error)")
            self?.offer(Toast(localized("The note could not be restored: %s", "\(error)"), seconds: 10, urgent: true))
        }
    }

    /// Hides the bar over a note removed elsewhere once it no longer holds: the
    /// window shows another note (the one its text became, or one picked), or
    /// the note came back out of the trash; or, over a new note in place of a
    /// deleted one, once it is saved.
    func hideRemovalNoticeIfPast() {
        guard let (id, message) = removalNotice, let editor else { return }
        let stillRemoved = id == nil
            ? editor.noteID == nil
            : editor.noteID == id && (editor.document.isRemoved || editor.document.hasUnsavedText)
        guard !stillRemoved else { return }
        removalNotice = nil
        if removalBar?.text == message { removalBar?.hide() }
    }

    /// The bar telling of a note removed elsewhere, made and placed under the
    /// banner the first time it is needed.
    private func madeRemovalBar() -> MessageBar {
        if let removalBar { return removalBar }
        let bar = MessageBar()
        barsAndContent?.insert(bar.root, after: banner.root)
        removalBar = bar
        return bar
    }
}
