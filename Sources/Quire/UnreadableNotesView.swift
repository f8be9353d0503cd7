import GtkKit

/// What a window shows when the notes database cannot be opened: the reason,
/// and that nothing was changed.
@MainActor
struct UnreadableNotesView {
    /// The view's top widget.
    let root: Widget

    init(error: any Error) {
        let label = Label("""
            Quire could not open your notes.

            \(error)

            Nothing was changed. Move the file aside to start with an empty notebook.
            """)
        label.setMargins(24)
        root = label
    }
}
