import CGtk

/// A GtkButton with a text label.
@MainActor
public final class Button: Widget {
    /// A button showing `label` (an underscore marks the mnemonic letter).
    public init(label: String) {
        super.init(retaining: gtk_button_new_with_mnemonic(label))
        takeAccessibleNameFromContent()
    }

    /// The text shown (an underscore marks the mnemonic letter).
    public var label: String {
        get { gtk_button_get_label(cgtk_as_button(objectPointer)).map { String(cString: $0) } ?? "" }
        set {
            gtk_button_set_label(cgtk_as_button(objectPointer), newValue)
            gtk_button_set_use_underline(cgtk_as_button(objectPointer), 1)
            // GTK 4.8 makes the new text, underscore and all, the accessible
            // name again: a screen reader would read "_Restore Restore".
            takeAccessibleNameFromContent()
        }
    }

    /// A button showing `label` that activates the detailed action `action` ("app.new-note").
    public convenience init(label: String, action: String, tooltip: String) {
        self.init(label: label)
        gtk_actionable_set_action_name(cgtk_as_actionable(objectPointer), action)
        setTooltip(tooltip)
    }

    /// An icon button, as a header bar has them: `iconName` from the icon theme
    /// ("document-new-symbolic"), activating the detailed action `action` (or
    /// only telling `onClicked` if nil), named `name` for screen readers, with
    /// `tooltip` shown on hover.
    public init(iconName: String, action: String?, name: String, tooltip: String) {
        super.init(retaining: gtk_button_new_from_icon_name(iconName))
        if let action { gtk_actionable_set_action_name(cgtk_as_actionable(objectPointer), action) }
        setAccessibleLabel(name)
        setTooltip(tooltip)
    }

    /// The icon an icon button shows, from the icon theme.
    public func setIconName(_ name: String) { gtk_button_set_icon_name(cgtk_as_button(objectPointer), name) }

    /// Calls `handler` when the button is clicked or activated from the keyboard.
    @discardableResult
    public func onClicked(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        connect("clicked", handler)
    }
}
