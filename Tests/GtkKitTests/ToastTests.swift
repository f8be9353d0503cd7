import CGtk
@testable import GtkKit
import Testing

/// A toast naming something (a note's title): in a narrow window only the
/// name is cut short, so what was done always shows.
@MainActor
@Suite("Toasts", .serialized)
struct ToastTests {
    init() throws { try TestToolkit.start() }

    /// The text of each label of `toast`'s title, whether it shows cut with
    /// "…", and whether in its middle, once the toast has been shown in a
    /// window `width` pixels wide.
    private func titleLabels(
        of toast: Toast = Toast("“%s” moved to the trash", naming: "Meeting notes for the quarterly planning review", buttonLabel: "_Undo"),
        inWindowWide width: Int32
    ) -> [(text: String, isCut: Bool, inTheMiddle: Bool)] {
        let overlay = ToastOverlay(child: Label("the window's content"))
        let window = Window()
        window.setDefaultSize(width: width, height: 300)
        window.setChild(overlay)
        window.present()
        defer { window.destroy() }
        overlay.show(toast)
        MainLoop.iterate(forAtMost: 1.0) { false }
        var labels: [(String, Bool, Bool)] = []
        var child = gtk_widget_get_first_child(toast.title.widgetPointer)
        while let widget = child {
            let label = cgtk_as_label(UnsafeMutableRawPointer(widget))
            let layout = gtk_label_get_layout(label)
            labels.append((String(cString: gtk_label_get_text(label)), pango_layout_is_ellipsized(layout) != 0,
                           pango_layout_get_ellipsize(layout) == PANGO_ELLIPSIZE_MIDDLE))
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

    @Test("a path is cut in its middle, keeping the file's name")
    func pathToast() throws {
        let path = "~/Documents/Notes exported for the quarterly planning review/Groceries.md"
        let labels = titleLabels(of: Toast("Exported the note to %s", naming: path, inTheMiddle: true), inWindowWide: 420)
        try #require(labels.map(\.text) == ["Exported the note to ", path])
        #expect(labels[1].isCut && labels[1].inTheMiddle, "\(labels)")
        #expect(!labels[0].isCut)
    }
}
