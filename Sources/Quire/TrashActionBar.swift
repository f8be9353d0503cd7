import GtkKit

/// Below a main window's list while it shows the trash: Restore and Delete
/// Forever on one row, Empty Trash under them, so the list keeps its width.
/// A window makes it the first time it shows the trash: most never do.
@MainActor
final class TrashActionBar {
    let root = Box(vertical: true, spacing: 6)
    private let buttons: [Button]

    /// A bar whose buttons call `restore`, `deleteForever` and `emptyTrash`.
    init(
        restore: @escaping @MainActor () -> Void, deleteForever: @escaping @MainActor () -> Void,
        emptyTrash: @escaping @MainActor () -> Void
    ) {
        let restoreButton = Button(label: localized("_Restore"))
        let deleteButton = Button(label: localized("_Delete Forever"))
        let emptyButton = Button(label: localized("_Empty Trash…"))
        buttons = [restoreButton, deleteButton, emptyButton]
        root.setMargins(6)
        restoreButton.setTooltip(localized("Take the note out of the trash"))
        deleteButton.addCSSClass("destructive-action")
        let noteActions = Box(vertical: false, spacing: 6)
        noteActions.append(restoreButton)
        noteActions.append(deleteButton)
        root.append(noteActions)
        root.append(emptyButton)
        restoreButton.onClicked(restore)
        deleteButton.onClicked(deleteForever)
        emptyButton.onClicked(emptyTrash)
    }

    /// Whether the trash has notes: the buttons work only then.
    var trashHasNotes = true {
        didSet { for button in buttons { button.isSensitive = trashHasNotes } }
    }
}
