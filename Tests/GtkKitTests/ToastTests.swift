import CGtk
@testable import GtkKit
import Testing

/// A toast naming something (a note's title): in a narrow window only the
/// name is cut short, so what was done always shows.
@MainActor
@Suite("Toasts", .serialized)
struct ToastTests {
    init() throws { try TestToolkit.start() }

    /// The text of each label of the toast's title, and whether it shows cut
    /// with "…", once the toast has been shown in a window `width` pixels wide.
    private func titleLabels(inWindowWide width: Int32) -> [(text: String, isCut: Bool)] {
        let overlay = ToastOverlay(child: Label("the window's content"))
        let window = Window()
        window.setDefaultSize(width: width, height: 300)
        window.setChild(overlay)
        window.present()
        defer { window.destroy() }
        let toast = Toast("“%s” moved to the trash", naming: "Meeting notes for the quarterly planning review", buttonLabel: "_Undo")
        overlay.show(toast)
        MainLoop.iterate(forAtMost: 1.0) { false }
        var labels: [(String, Bool)] = []
        var child = adw_toast_get_custom_title(toast.toastPointer).flatMap { gtk_widget_get_first_child($0) }
        while let widget = child {
            let label = cgtk_as_label(UnsafeMutableRawPointer(widget))
            labels.append((String(cString: gtk_label_get_text(label)), pango_layout_is_ellipsized(gtk_label_get_layout(label)) != 0))
            child = gtk_widget_get_next_sibling(widget)
        }
        return labels
    }

    @Test("in a narrow window the name is cut and the rest of the message shows whole; in a wide one nothing is cut")
    func namingToast() throws {
        let narrow = titleLabels(inWindowWide: 420)
        try #require(narrow.map(\.text) == ["“", "Meeting notes for the quarterly planning review", "” moved to the trash"])
        #expect(narrow.map(\.isCut) == [false, true, false], "only the name is cut: \(narrow)")
        let wide = titleLabels(inWindowWide: 1200)
        #expect(wide.map(\.isCut) == [false, false, false], "all of it shows: \(wide)")
    }
}
