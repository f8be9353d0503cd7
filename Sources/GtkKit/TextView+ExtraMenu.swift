import CGtk

/// Items a text view adds to its right-click menu (after GTK's own: Cut,
/// Copy, Paste, Select All…), each running a handler.
extension TextView {
    /// Adds `items` to the view's right-click menu, in order: each a label
    /// (with its mnemonic) and a handler, under an action `name` of the view's
    /// own ("editor.<name>"), which `setExtraMenuItem(_:enabled:)` can grey out.
    public func setExtraMenu(_ items: [(label: String, name: String, handler: @MainActor () -> Void)]) {
        let group = Object(adopting: cgtk_simple_action_group_new())
        let menu = Menu()
        for item in items {
            let action = SimpleAction(name: item.name)
            action.onActivate(item.handler)
            cgtk_action_map_add(group.objectPointer, action.objectPointer)
            menu.append(item.label, action: "\(TextView.extraMenuPrefix).\(item.name)")
        }
        cgtk_widget_insert_action_group(objectPointer, TextView.extraMenuPrefix, group.objectPointer)
        cgtk_text_view_set_extra_menu(objectPointer, menu.objectPointer)
        extraMenuActions = group
    }

    /// Enables or greys out the right-click menu's item `name` (`setExtraMenu`).
    public func setExtraMenuItem(_ name: String, enabled: Bool) {
        guard let group = extraMenuActions else { return }
        cgtk_action_map_set_enabled(group.objectPointer, name, enabled ? 1 : 0)
    }

    /// The prefix of the extra menu's actions.
    static let extraMenuPrefix = "editor"
}
