import CGtk

/// A GtkPopoverMenu attached to a widget: a menu that pops up where the
/// widget was right-clicked.
@MainActor
public final class PopoverMenu: Widget {
    /// The menu whose items it shows.
    public var menu: Menu {
        didSet { cgtk_popover_menu_set_menu(objectPointer, menu.objectPointer) }
    }

    /// A menu of `menu`'s items, attached to `parent`, which it stays with.
    public init(menu: Menu, attachedTo parent: Widget) {
        self.menu = menu
        super.init(retaining: cgtk_popover_menu_new(menu.objectPointer, parent.widgetPointer))
    }

    /// Shows the menu pointing at (`x`, `y`) in the parent's coordinates.
    public func popUp(atX x: Double, y: Double) { cgtk_popover_popup_at(objectPointer, x, y) }
}
