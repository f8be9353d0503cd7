import GtkKit

/// What a window shows when the notes database cannot be opened: the reason,
/// and that nothing was changed.
@MainActor
struct UnreadableNotesView {
    /// The view's top widget.
    let root: Widget

    init(error: any Error) {
        let label = Label(localized("Quire could not open your notes.\n\n%s\n\nNothing was changed. Move the file aside to start with an empty notebook.", "\(error)"))
        label.setMargins(24)
        root = label
    }
}
