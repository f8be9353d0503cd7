import CGtk

/// A GMenu: the items of a menu, each a label and a detailed action name
/// ("app.new-window", "app.show-session::<id>"), and sections of such items.
@MainActor
public final class Menu: Object {
    /// An empty menu.
    public init() {
        super.init(adopting: cgtk_menu_new())
    }

    /// Adds an item that activates `action`.
    public func append(_ label: String, action: String) { cgtk_menu_append(objectPointer, label, action) }

    /// Adds `section` as a section, with a heading if `label` is given.
    public func appendSection(_ section: Menu, label: String? = nil) {
        cgtk_menu_append_section(objectPointer, label, section.objectPointer)
    }

    /// Adds an item labelled `label` that opens `submenu` in place of the menu
    /// (a popover menu slides to it, with a way back).
    public func appendSubmenu(_ submenu: Menu, label: String) {
        cgtk_menu_append_submenu(objectPointer, label, submenu.objectPointer)
    }

    /// Removes every item.
    public func removeAll() { cgtk_menu_remove_all(objectPointer) }

    /// Inserts an item that activates `action` at `position`.
    public func insert(_ label: String, action: String, at position: Int) {
        cgtk_menu_insert(objectPointer, Int32(position), label, action)
    }

    /// Removes the item at `position`.
    public func remove(at position: Int) { cgtk_menu_remove(objectPointer, Int32(position)) }

    /// Adds an item that shows a widget instead of a label: the one each menu
    /// button makes for `customID` (`MenuButton`'s `menuChildren`).
    public func appendCustom(_ customID: String) { cgtk_menu_append_custom(objectPointer, customID) }
}
