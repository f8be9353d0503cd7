import GtkKit
import Storage

/// What a window shows when the notes database cannot be opened: the reason,
/// what to do about it (advice that fits the cause), and that nothing was changed.
@MainActor
struct UnreadableNotesView {
    /// The view's top widget.
    let root: Widget

    init(error: any Error) {
        let advice = (error as? StorageError).map { StorageAdvice.forNotes($0.kind, path: $0.path) }
            ?? localized("Nothing was changed.")
        let label = Label(localized("Quire could not open your notes.\n\n%s\n\n%s", "\(error)", advice))
        label.setMargins(24)
        label.limitWidth(toCharacters: 70)
        // Not selectable: as the window's only focusable widget it would show all selected.
        label.isSelectable = false
        root = label
    }
}
