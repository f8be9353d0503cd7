import CGtk

/// Items a text view adds to its right-click menu (after GTK's own: Cut,
/// Copy, Paste, Select All…), each running a handler.
extension TextView {
    /// Adds `items` to the view's right-click menu, in order: each a label
    /// (with its mnemonic) and a handler, under an action `name` of the view's
    /// own ("editor.<name>"), which `setExtraMenuItem(_:enabled:)` can grey out.
    /// They make a section of their own; before it come a first section,
    /// empty until `setExtraMenuLeadingItems(_:)` fills it, and one for the
    /// submenus of `setExtraMenuChoices`.
    public func setExtraMenu(_ items: [(label: String, name: String, handler: @MainActor () -> Void)]) {
        let group = Object(adopting: cgtk_simple_action_group_new())
        let menu = Menu()
        let leading = Menu()
        let choices = Menu()
        let section = Menu()
        menu.appendSection(leading)
        menu.appendSection(choices)
        menu.appendSection(section)
        extraMenuLeading = (leading, 0)
        extraMenuChoices = choices
        for item in items {
            let action = SimpleAction(name: item.name)
            action.onActivate(item.handler)
            cgtk_action_map_add(group.objectPointer, action.objectPointer)
            section.append(item.label, action: "\(TextView.extraMenuPrefix).\(item.name)")
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

    /// Puts `items` (each a label shown as it is, and a handler) in the first
    /// section of the extra menu (`setExtraMenu`), in place of those there;
    /// none leaves it empty. Made as the menu is about to open: a spell
    /// checker's suggestions for the word clicked on.
    public func setExtraMenuLeadingItems(_ items: [(label: String, handler: @MainActor () -> Void)]) {
        guard let group = extraMenuActions, let (leading, count) = extraMenuLeading else { return }
        leading.removeAll()
        for index in 0..<count { cgtk_action_map_remove(group.objectPointer, "leading-\(index)") }
        for (index, item) in items.enumerated() {
            let action = SimpleAction(name: "leading-\(index)")
            action.onActivate(item.handler)
            cgtk_action_map_add(group.objectPointer, action.objectPointer)
            leading.append(TextView.shownAsIs(item.label), action: "\(TextView.extraMenuPrefix).leading-\(index)")
        }
        extraMenuLeading = (leading, items.count)
    }

    /// Puts a submenu `label` of `choices` (each a label shown as it is, and a
    /// value) among the extra menu's (`setExtraMenu`), the one of value
    /// `marked` marked; picking one calls `handler` with its value. Called
    /// again with the same `name`, it replaces that submenu; with no choices, removes it.
    public func setExtraMenuChoices(
        _ label: String, name: String, choices: [(label: String, value: String)], marked: String,
        handler: @escaping @MainActor (String) -> Void
    ) {
        guard let group = extraMenuActions, let section = extraMenuChoices else { return }
        if let index = extraMenuChoiceNames.firstIndex(of: name) {
            section.remove(at: index)
            extraMenuChoiceNames.remove(at: index)
            cgtk_action_map_remove(group.objectPointer, name)
        }
        guard !choices.isEmpty else { return }
        let action = SimpleAction(name: name, markedValue: marked, stringHandler: handler)
        cgtk_action_map_add(group.objectPointer, action.objectPointer)
        let submenu = Menu()
        for choice in choices {
            submenu.append(TextView.shownAsIs(choice.label), action: "\(TextView.extraMenuPrefix).\(name)::\(choice.value)")
        }
        section.appendSubmenu(submenu, label: label)
        extraMenuChoiceNames.append(name)
    }

    /// Marks the choice of value `value` in the submenu `name` (`setExtraMenuChoices`).
    public func markExtraMenuChoice(_ value: String, ofChoices name: String) {
        guard let group = extraMenuActions, extraMenuChoiceNames.contains(name) else { return }
        cgtk_action_map_set_string_state(group.objectPointer, name, value)
    }

    /// Calls `handler` as the right-click menu is about to open, with the
    /// character offset it opens on: where a right-click landed (nil: past
    /// the text), or the cursor for the Menu key and Shift+F10.
    public func onContextMenu(_ handler: @escaping @MainActor (Int32?) -> Void) {
        onMousePressFirst(.secondary) { [weak self] x, y, _ in handler(self?.textOffset(atX: x, y: y)) }
        onKeyPress { [weak self] key in
            if let self, key.opensContextMenu { handler(buffer.cursorOffset) }
            return false
        }
    }

    /// `label` as a menu item shows it exactly: a menu takes "_" for a
    /// mnemonic, so a word's own underscores are doubled.
    private static func shownAsIs(_ label: String) -> String {
        String(label.flatMap { $0 == "_" ? "__" : String($0) })
    }

    /// The prefix of the extra menu's actions.
    static let extraMenuPrefix = "editor"
}
