import FoundationEssentials
import GtkKit
import NoteModel

/// The note actions on notes other than the window's own: several selected
/// together in a main window's list, or the one a row's menu is for: Move to
/// Trash, Restore, Delete Forever and Pin Note. Each is written on the
/// background saver, note after note, and offers one Undo for them all.
extension NoteWindowController {
    /// The notes the note actions are for, if not the window's note (`NoteWindowSceneDelegate.notesActedOn`).
    var notesActedOn: [UUID] { owner?.notesActedOn ?? [] }

    /// The background writes, once the notes are open.
    private var writes: NoteWrites? { services.documents?.writes }

    /// Moves `ids` to the trash, every window's typing in them saved first
    /// (nothing is trashed if some cannot be saved), their own windows closed
    /// at once; Undo takes them all out.
    func moveNotesToTrash(_ ids: [UUID]) {
        guard let writes, let documents = services.documents else { return }
        guard documents.saveAll() else {
            offer(Toast(localized("The notes were not moved to the trash: some could not be saved."), seconds: 10, urgent: true))
            return
        }
        closeOwnWindows(of: Set(ids))
        // One note is named, as when the window's own goes.
        let title = ids.count == 1 ? ShownTitle.of((try? store?.summary(of: ids[0]))?.title ?? "") : nil
        writes.each(ids, writes.moveToTrash) { [weak self] trashed, failure in
            if let failure { self?.tellFailure("could not move a note to the trash", failure) }
            guard let self, !trashed.isEmpty else { return }
            let restored = trashed.map(\.id)
            offerUndo(
                saying: title.map { _ in localized("“%s” moved to the trash") }
                    ?? localizedPlural("%d note moved to the trash", "%d notes moved to the trash", count: restored.count),
                naming: title, failure: "could not take the notes out of the trash"
            ) { [weak self] in
                writes.each(restored, writes.restoreFromTrash) { _, failure in
                    if let failure { self?.tellFailure("could not take a note out of the trash", failure) }
                }
            }
        }
    }

    /// Takes `ids` out of the trash; a toast says how many.
    func restoreFromTrash(_ ids: [UUID]) {
        guard let writes else { return }
        writes.each(ids, writes.restoreFromTrash) { [weak self] restored, failure in
            if let failure { self?.tellFailure("could not take a note out of the trash", failure) }
            guard let self, !restored.isEmpty else { return }
            offerEndingUndo(Toast(localizedPlural("%d note restored", "%d notes restored", count: restored.count), seconds: 8))
        }
    }

    /// Deletes `ids`, in the trash, for good; Undo puts them all back in the trash as they were.
    func deleteForever(_ ids: [UUID]) {
        guard let writes else { return }
        writes.each(ids, writes.deletePermanently) { [weak self] deleted, failure in
            if let failure { self?.tellFailure("could not delete a note in the trash", failure) }
            guard let self, !deleted.isEmpty else { return }
            let notes = deleted.map(\.value)
            offerUndo(
                saying: localizedPlural("%d note deleted", "%d notes deleted", count: notes.count),
                failure: "could not put the deleted notes back"
            ) { [weak self] in
                for note in notes {
                    writes.putBack(note) { result in
                        if case let .failure(error) = result { self?.tellFailure("could not put a deleted note back", error) }
                    }
                }
            }
        }
    }

    /// Pins `ids`, or unpins them if all are pinned already; Undo puts each
    /// back as it was.
    func pinNotes(_ ids: [UUID]) {
        guard let writes, let store else { return }
        let wasPinned = Dictionary(uniqueKeysWithValues: ids.map { ($0, (try? store.isPinned($0)) ?? false) })
        let pinned = !wasPinned.values.allSatisfy { $0 }
        let changing = ids.filter { wasPinned[$0] != pinned }
        writes.each(changing, { writes.setPinned(pinned, of: $0, completion: $1) }) { [weak self] changed, failure in
            if let failure { self?.tellFailure("could not \(pinned ? "pin" : "unpin") a note", failure) }
            guard let self, !changed.isEmpty else { return }
            let back = changed.map(\.id)
            offerUndo(
                saying: pinned ? localizedPlural("%d note pinned", "%d notes pinned", count: ids.count)
                    : localizedPlural("%d note unpinned", "%d notes unpinned", count: ids.count),
                failure: "could not \(pinned ? "unpin" : "pin") the notes again"
            ) { [weak self] in
                writes.each(back, { writes.setPinned(!pinned, of: $0, completion: $1) }) { _, failure in
                    if let failure { self?.tellFailure("could not put a note's pin back", failure) }
                }
            }
        }
    }

    /// Logs `failure` after `what`, and says in the window what went wrong.
    private func tellFailure(_ what: String, _ failure: any Error) {
        Log.error("\(what): \(failure)")
        offer(Toast(localized("Not every note could be changed: %s", "\(failure)"), seconds: 10, urgent: true))
    }
}
