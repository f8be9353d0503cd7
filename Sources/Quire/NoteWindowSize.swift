import GtkKit

/// The size a window showing notes opens at: its default size, and whether
/// it is maximised.
struct NoteWindowSize: Equatable, CustomStringConvertible {
    var width: Int32
    var height: Int32
    var maximized: Bool

    /// "720x540", or "720x540 maximized".
    var description: String { "\(width)x\(height)\(maximized ? " maximized" : "")" }

    /// The size of a window restored from `saved`, or else opened afresh
    /// after `last` (the last window closed): as it was, or as the last one
    /// closed; else `NoteWindowController.defaultSize`.
    @MainActor
    static func forNewWindow(after last: NoteWindowState?, saved: NoteWindowState? = nil) -> NoteWindowSize {
        let size = saved?.size ?? last?.size ?? NoteWindowController.defaultSize
        return NoteWindowSize(width: size.width, height: size.height, maximized: saved?.maximized ?? last?.maximized ?? false)
    }

    /// Gives `window` this size; before it first shows.
    @MainActor
    func apply(to window: Window) {
        window.setDefaultSize(width: width, height: height)
        if maximized { window.maximize() }
    }
}
