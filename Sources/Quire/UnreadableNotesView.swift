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
        root = StatusPage(
            iconName: "dialog-error-symbolic", title: localized("Quire Could Not Open Your Notes"),
            description: "\(error)\n\n\(advice)")
    }
}
