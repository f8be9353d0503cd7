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

    @Test("Tab goes past a toast's message, never into it: the keyboard resting there would hold the toast for good and show its text selected")
    func messageTakesNoFocus() throws {
        let toast = Toast("Sync is off. The notes stay here, and on the server as they are.")
        let window = show(toast, inWindowWide: 550)
        defer { window.destroy() }
        var reached: [UnsafeMutablePointer<GtkWidget>] = []
        for _ in 0..<8 {
            _ = gtk_widget_child_focus(window.widgetPointer, GTK_DIR_TAB_FORWARD)
            if let focus = gtk_window_get_focus(cgtk_as_window(window.objectPointer)) { reached.append(focus) }
        }
        let close = reached.contains { gtk_widget_is_ancestor($0, toast.widget.widgetPointer) != 0 }
        #expect(close, "Tab reaches the toast (its close button)")
        #expect(!reached.contains { $0 == toast.title.widgetPointer || gtk_widget_is_ancestor($0, toast.title.widgetPointer) != 0 },
                "the message took the focus")
    }

    @Test("a preferences window's first toast, which puts the window's content inside its overlay, leaves the keyboard where it was")
    func preferencesToastKeepsFocus() throws {
        let button = Button(label: "_Connect")
        let group = PreferencesGroup(title: "Server")
        group.add(button)
        let page = PreferencesPage(title: "Sync", iconName: "emblem-synchronizing-symbolic")
        page.add(group)
        let window = Window(preferencesTitle: "Preferences", pages: [page])
        defer { window.destroy() }
        window.present()
        let focus = { gtk_window_get_focus(cgtk_as_window(window.objectPointer)) }
        gtk_widget_grab_focus(button.widgetPointer)
        MainLoop.iterate(forAtMost: 1.0) { false }
        try #require(focus() == button.widgetPointer)
        let toast = Toast("Sync is off. The notes stay here, and on the server as they are.")
        window.showPreferencesToast(toast)
        MainLoop.iterate(forAtMost: 1.0) { false }
        #expect(focus() == button.widgetPointer, "the keyboard left the button for \(focus().map { String(cString: gtk_widget_get_name($0)) } ?? "nothing")")
    }
}
