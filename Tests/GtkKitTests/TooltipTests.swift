import CGtk
@testable import GtkKit
import Testing

/// A tooltip given before its widget is on screen (set while the widget is
/// briefly hidden, which spares GTK asking the display where the pointer is)
/// and after: the same tooltip, the widget still shown, its focus kept.
@MainActor
@Suite("Tooltips", .serialized)
struct TooltipTests {
    init() throws { try TestToolkit.start() }

    static func tooltip(of widget: Widget) -> String? {
        gtk_widget_get_tooltip_text(widget.widgetPointer).map { String(cString: $0) }
    }

    @Test("a tooltip set before the window shows, and one set after, are both the widget's; it stays shown and keeps the focus")
    func beforeAndAfter() throws {
        let window = Window()
        defer { window.destroy() }
        let box = Box(vertical: false)
        let early = Button(label: "Early")
        let focused = Button(label: "Focused")
        let late = Button(label: "Late")
        for button in [early, focused, late] { box.append(button) }
        window.setChild(box)
        early.setTooltip("Set before the window shows")
        _ = focused.grabFocus()
        focused.setTooltip("Set while it has the focus")
        #expect(gtk_widget_is_focus(focused.widgetPointer) != 0, "the focused button keeps the focus")

        window.present()
        MainLoop.iterate(forAtMost: 0.3) { false }
        late.setTooltip("Set once it shows")
        for (button, text) in [(early, "Set before the window shows"), (focused, "Set while it has the focus"), (late, "Set once it shows")] {
            #expect(Self.tooltip(of: button) == text)
            #expect(gtk_widget_get_has_tooltip(button.widgetPointer) != 0)
            #expect(button.isShown && gtk_widget_get_mapped(button.widgetPointer) != 0, "\(text): still shown")
        }
        #expect(gtk_widget_is_focus(focused.widgetPointer) != 0, "the focused button still has the focus")
    }
}
