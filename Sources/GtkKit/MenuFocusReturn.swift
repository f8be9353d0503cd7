import CGtk

/// Gives the keyboard focus back to where it was when a menu button's menu
/// opened, once the menu closes. GTK leaves it on the button: a person who
/// pressed F10 and then Escape, or chose an item that opens another window,
/// found their next keys going to the button (a space opens the menu again)
/// instead of the text they were typing. An item whose action moves the
/// focus elsewhere keeps it there.
@MainActor
final class MenuFocusReturn {
    /// Where the focus was, held while the menu is open.
    private var previous: Widget?

    /// The menu of `button` is about to open.
    func menuOpens(from button: UnsafeMutablePointer<GtkWidget>) {
        previous = nil
        guard let root = gtk_widget_get_root(button), let focus = gtk_root_get_focus(root),
              !MenuFocusReturn.isOn(button, focus) else { return }
        previous = Widget(retaining: focus)
    }

    /// The menu of `button` closed: after the chosen item's action (if any),
    /// and before any key typed after, the focus goes back where it was if it
    /// is still on the button.
    func menuClosed(from button: UnsafeMutablePointer<GtkWidget>) {
        guard let previous else { return }
        self.previous = nil
        let button = Widget(retaining: button)  // the window may close meanwhile
        // Once the item's action is done, and before the next key is handled.
        MainLoop.aheadOfInput {
            guard let root = gtk_widget_get_root(button.widgetPointer), gtk_widget_get_root(previous.widgetPointer) == root else { return false }
            let focus = gtk_root_get_focus(root)
            if focus == nil || MenuFocusReturn.isOn(button.widgetPointer, focus) { previous.grabFocus() }
            return false
        }
    }

    /// Whether `focus` is the menu button or the toggle button inside it.
    private static func isOn(_ button: UnsafeMutablePointer<GtkWidget>, _ focus: UnsafeMutablePointer<GtkWidget>?) -> Bool {
        guard let focus else { return false }
        return focus == button || gtk_widget_is_ancestor(focus, button) != 0
    }
}
