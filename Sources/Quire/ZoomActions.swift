import GtkKit
import Scenes

/// Zoom In, Zoom Out and Reset Zoom for the note text of the window in front,
/// with the keys GNOME's apps use for them, and the document font they zoom.
@MainActor
final class ZoomActions {
    private var font: EditorFont?

    /// Adds `app.zoom-in` (Ctrl+plus), `app.zoom-out` (Ctrl+minus) and
    /// `app.zoom-reset` (Ctrl+0), and starts following the document font.
    func install(on application: Application) {
        font = EditorFont()
        application.addAction("zoom-in", accelerators: ["<Control>plus", "<Control>equal", "<Control>KP_Add"]) {
            AppDelegate.focusedNoteWindow(in: application)?.noteWindow.zoom(EditorZoom.larger(than:))
        }
        application.addAction("zoom-out", accelerators: ["<Control>minus", "<Control>KP_Subtract"]) {
            AppDelegate.focusedNoteWindow(in: application)?.noteWindow.zoom(EditorZoom.smaller(than:))
        }
        application.addAction("zoom-reset", accelerators: ["<Control>0", "<Control>KP_0"]) {
            AppDelegate.focusedNoteWindow(in: application)?.noteWindow.zoom { _ in EditorZoom.normal }
        }
    }

    /// The primary menu's section for them: one row, each window's `ZoomControl`.
    static func menuSection() -> Menu {
        let zoom = Menu()
        zoom.appendCustom(menuItemID)
        return zoom
    }

    /// The identifier of the menu item each window's `ZoomControl` fills.
    static let menuItemID = "zoom"
}
