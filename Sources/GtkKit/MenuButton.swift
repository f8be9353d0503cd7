import CGtk

/// A GtkMenuButton that opens a menu: the app's primary ("hamburger") menu.
@MainActor
public final class MenuButton: Widget {
    /// A button with the named icon that opens `menu`; `accessibleName` is what
    /// screen readers and tooltips say.
    public init(iconName: String, menu: Menu, accessibleName: String) {
        super.init(retaining: gtk_menu_button_new())
        gtk_menu_button_set_icon_name(quire_as_menu_button(objectPointer), iconName)
        quire_menu_button_set_model(objectPointer, menu.objectPointer)
        gtk_widget_set_tooltip_text(widgetPointer, accessibleName)
        setAccessibleLabel(accessibleName)
        quire_accessible_set_label(gtk_menu_button_get_popover(quire_as_menu_button(objectPointer)), accessibleName)
        gtk_menu_button_set_primary(quire_as_menu_button(objectPointer), 1)
    }
}
