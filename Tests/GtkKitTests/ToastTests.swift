import CGtk
@testable import GtkKit
import Testing

/// A toast naming something (a note's title): in a narrow window only the
/// name is cut short, so what was done always shows.
@MainActor
@Suite("Toasts", .serialized)
struct ToastTests {
    init() throws { try TestToolkit.start() }

    /// Shows `toast` over a new window `width` pixels wide, lets it take its
    /// size there, and returns the window (for the caller to destroy).
    private func show(_ toast: Toast, inWindowWide width: Int32) -> Window {
        let overlay = ToastOverlay(child: Label("the window's content"))
        let window = Window()
        window.setDefaultSize(width: width, height: 300)
        window.setChild(overlay)
        window.present()
        overlay.show(toast)
        MainLoop.iterate(forAtMost: 1.0) { false }
        return window
    }

    /// The text of each label of `toast`'s title, whether it shows cut with
    /// "…", and whether in its middle, once the toast has been shown in a
    /// window `width` pixels wide.
    private func titleLabels(
        of toast: Toast = Toast("“%s” moved to the trash", naming: "Meeting notes for the quarterly planning review", buttonLabel: "_Undo"),
        inWindowWide width: Int32
    ) -> [(text: String, isCut: Bool, inTheMiddle: Bool)] {
        let window = show(toast, inWindowWide: width)
        defer { window.destroy() }
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

    /// How many lines `toast`'s message takes, and whether any of it is cut,
    /// once shown in a window `width` pixels wide.
    private func messageLines(of toast: Toast, inWindowWide width: Int32) -> (lines: Int32, isCut: Bool) {
        let window = show(toast, inWindowWide: width)
        defer { window.destroy() }
        let layout = gtk_label_get_layout(cgtk_as_label(toast.title.objectPointer))
        return (pango_layout_get_line_count(layout), pango_layout_is_ellipsized(layout) != 0)
    }

    @Test("a message longer than a line wraps, whole, in a rounded box; a short one is one line in the pill")
    func longMessageWraps() throws {
        let reason = "The certificate could not be kept: the keyring refused it (org.freedesktop.Secret.Error.IsLocked: the collection is locked)"
        let long = Toast(reason, seconds: 10)
        let (lines, isCut) = messageLines(of: long, inWindowWide: 550)
        #expect(lines >= 2 && !isCut, "\(lines) lines, cut: \(isCut)")
        #expect(gtk_widget_has_css_class(long.widget.widgetPointer, "wrapped") != 0)
        let short = Toast("Sync is off.")
        #expect(messageLines(of: short, inWindowWide: 550) == (1, false))
        #expect(gtk_widget_has_css_class(short.widget.widgetPointer, "wrapped") == 0)
    }
}
