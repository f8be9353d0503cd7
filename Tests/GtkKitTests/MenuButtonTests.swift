import CGtk
@testable import GtkKit
import Testing

/// A menu button's custom menu items: the widget each shows is made when the
/// menu first opens, not with the button, and only once.
@MainActor
@Suite("Menu buttons", .serialized)
struct MenuButtonTests {
    init() throws { try TestToolkit.start() }

    @Test("a custom item shows the widget the button makes for it, made when the menu first opens and only then")
    func customItem() throws {
        let menu = Menu()
        menu.append("An item", action: "app.nothing")
        menu.appendCustom("row")
        var made: [Label] = []
        let button = MenuButton(iconName: "open-menu-symbolic", menu: menu, accessibleName: "Menu", menuChildren: [
            "row": {
                let label = Label("made for the row")
                made.append(label)
                return label
            },
        ])
        let window = Window()
        window.setChild(button)
        window.present()
        defer { window.destroy() }
        MainLoop.iterate(forAtMost: 0.3) { false }
        #expect(made.isEmpty, "nothing is made before the menu opens")

        for _ in 0..<2 {
            gtk_menu_button_popup(cgtk_as_menu_button(button.objectPointer))
            MainLoop.iterate(forAtMost: 0.3) { false }
            gtk_menu_button_popdown(cgtk_as_menu_button(button.objectPointer))
            MainLoop.iterate(forAtMost: 0.1) { false }
        }
        try #require(made.count == 1, "made once, on first opening: \(made.count)")
        let ancestor = gtk_widget_get_ancestor(made[0].widgetPointer, gtk_popover_get_type()).map { UnsafeRawPointer($0) }
        let popover = gtk_menu_button_get_popover(cgtk_as_menu_button(button.objectPointer)).map { UnsafeRawPointer($0) }
        #expect(ancestor != nil && ancestor == popover,
                "the widget is in the button's menu")
    }
}
