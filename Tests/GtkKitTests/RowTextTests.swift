import CGtk
@testable import GtkKit
import Testing

/// A list row's text as one widget: two lines of the font's height, a width
/// that a long title does not push out (it is cut), a line's end that keeps
/// its room, and a context menu that opens on it.
@MainActor
@Suite("Row text", .serialized)
struct RowTextTests {
    init() throws { try TestToolkit.start() }

    static func measure(_ widget: Widget, _ orientation: GtkOrientation) -> (minimum: Int32, natural: Int32) {
        var minimum: Int32 = 0
        var natural: Int32 = 0
        gtk_widget_measure(widget.widgetPointer, orientation, -1, &minimum, &natural, nil, nil)
        return (minimum, natural)
    }

    /// A window `width` pixels wide showing `widget`, presented and laid out.
    static func show(_ widget: Widget, width: Int32) -> Window {
        let window = Window()
        window.setDefaultSize(width: width, height: 120)
        window.setChild(widget)
        window.present()
        MainLoop.iterate(forAtMost: 0.3) { false }
        return window
    }

    @Test("two lines as tall as a one-line inscription's each, 2 pixels apart, in one widget")
    func twoLines() {
        let row = RowText()
        row.show(titleMarkup: "<b>Groceries &amp; more</b>", trailing: "just now", detail: .text("milk, eggs, bread"))
        let window = Self.show(row, width: 280)
        defer { window.destroy() }
        // A GtkInscription, which also takes its height from the font, one line tall.
        let line = gtk_inscription_new("Groceries")!
        g_object_ref_sink(line)
        defer { g_object_unref(line) }
        var lineHeight: Int32 = 0
        gtk_widget_measure(line, GTK_ORIENTATION_VERTICAL, -1, nil, &lineHeight, nil, nil)
        #expect(lineHeight > 0)
        #expect(Self.measure(row, GTK_ORIENTATION_VERTICAL).natural == 2 * lineHeight + 2)
        #expect(gtk_widget_get_first_child(row.widgetPointer) == nil, "no widgets inside")
        #expect(gtk_widget_get_mapped(row.widgetPointer) != 0)
    }

    @Test("a long title or detail asks for no more width; the icon, badge and trailing text at the line's end do")
    func widths() {
        let row = RowText()
        row.show(titleMarkup: "Short", trailing: "1 hour ago", detail: .text("a"))
        let short = Self.measure(row, GTK_ORIENTATION_HORIZONTAL)
        row.show(titleMarkup: String(repeating: "A much longer title ", count: 20), trailing: "1 hour ago",
                 detail: .markup(String(repeating: "<b>long</b> detail ", count: 20)))
        #expect(Self.measure(row, GTK_ORIENTATION_HORIZONTAL).minimum == short.minimum, "the title is cut, not given room")
        row.show(titleMarkup: "Short", iconName: "view-pin-symbolic", badge: "2/5", trailing: "1 hour ago", detail: .text("a"))
        let withEnd = Self.measure(row, GTK_ORIENTATION_HORIZONTAL)
        // The icon (16 pixels) and the badge, each after 6 pixels of spacing.
        #expect(withEnd.minimum > short.minimum + 16 + 2 * 6, "\(short.minimum) → \(withEnd.minimum)")
        #expect(withEnd.minimum == withEnd.natural)
    }

    @Test("a context menu attached to it opens on it, and is let go when the row goes")
    func contextMenu() {
        let menu = Menu()
        menu.append("Pin Note", action: "app.pin")
        let window: Window
        let popover: PopoverMenu
        do {
            let row = RowText()
            row.show(titleMarkup: "Groceries", trailing: "just now", detail: .text("milk"))
            window = Self.show(row, width: 280)
            popover = PopoverMenu(menu: menu, attachedTo: row)
            popover.popUp(atX: 20, y: 10)
            MainLoop.iterate(forAtMost: 2) { gtk_widget_get_mapped(popover.widgetPointer) != 0 }
            #expect(gtk_widget_get_mapped(popover.widgetPointer) != 0, "the menu shows")
            #expect(gtk_widget_get_parent(popover.widgetPointer) == row.widgetPointer)
        }
        window.destroy()  // the last reference to the row
        MainLoop.iterate(forAtMost: 0.2) { false }
        #expect(gtk_widget_get_parent(popover.widgetPointer) == nil, "the row let go of its menu as it went")
    }
}
