import CGtk

/// A GtkMenuButton that opens a menu: the app's primary ("hamburger") menu.
///
/// Its popover is made the first time it opens, not with the button: a menu
/// model shared by many windows is otherwise rebuilt in every window's
/// popover each time it changes, opened or not. When the menu closes, the
/// keyboard focus goes back where it was (`MenuFocusReturn`).
@MainActor
public final class MenuButton: Widget {
    /// A button with the named icon that opens `menu`; `accessibleName` is what
    /// screen readers and tooltips say. `willOpen` runs each time just before
    /// the menu shows (to set its check boxes). Where `menu` has a custom item
    /// (`Menu.appendCustom`), the menu shows the widget `menuChildren` makes
    /// for its identifier, made when the menu first opens: a window that never
    /// opens its menu never builds it.
    public init(
        iconName: String, menu: Menu, accessibleName: String,
        menuChildren: [String: @MainActor () -> Widget] = [:], willOpen: @escaping @MainActor () -> Void = {}
    ) {
        super.init(retaining: gtk_menu_button_new())
        gtk_menu_button_set_icon_name(cgtk_as_menu_button(objectPointer), iconName)
        setTooltip(accessibleName)
        setAccessibleLabel(accessibleName)
        gtk_menu_button_set_primary(cgtk_as_menu_button(objectPointer), 1)
        typealias Box = ClosureBox<@MainActor (OpaquePointer) -> Void>
        let focusReturn = MenuFocusReturn()
        let box = Box({ button in
            let buttonWidget = cgtk_as_widget(UnsafeMutableRawPointer(button))!
            focusReturn.menuOpens(from: buttonWidget)
            willOpen()
            guard gtk_menu_button_get_popover(button) == nil else { return }
            cgtk_menu_button_set_model(UnsafeMutableRawPointer(button), menu.objectPointer)
            guard let popover = gtk_menu_button_get_popover(button) else { return }
            cgtk_accessible_set_label(popover, accessibleName)
            for (customID, make) in menuChildren {
                _ = cgtk_menu_button_add_menu_child(UnsafeMutableRawPointer(button), make().widgetPointer, customID)
            }
            Object(retaining: popover).connect("closed") { focusReturn.menuClosed(from: buttonWidget) }
        }, kind: .signalHandler)
        cgtk_menu_button_set_create_popup(objectPointer, { button, data in
            guard let button, let data else { return }
            MainActor.assumeIsolated { Box.from(data).closure(button) }
        }, box.retainedPointer(), { data in
            guard let data else { return }
            MainActor.assumeIsolated { Box.release(data) }
        })
    }
}
