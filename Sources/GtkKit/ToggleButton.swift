import CGtk

/// A GtkToggleButton: a button that stays pressed in until pressed again.
@MainActor
public final class ToggleButton: Widget {
    /// A toggle showing `label` (an underscore marks its Alt+letter mnemonic).
    public init(label: String, tooltip: String) {
        super.init(retaining: gtk_toggle_button_new_with_mnemonic(label))
        takeAccessibleNameFromContent()
        setTooltip(tooltip)
    }

    /// A toggle showing `text` as it is (no mnemonic), which screen readers read.
    public init(plainLabel text: String, tooltip: String) {
        super.init(retaining: gtk_toggle_button_new())
        setPlainLabel(text)
        setTooltip(tooltip)
    }

    /// A toggle showing the icon `iconName` from the icon theme, named `name`
    /// for screen readers, with `tooltip` shown on hover.
    public init(iconName: String, name: String, tooltip: String) {
        super.init(retaining: gtk_toggle_button_new())
        gtk_button_set_icon_name(cgtk_as_button(objectPointer), iconName)
        setAccessibleLabel(name)
        setTooltip(tooltip)
    }

    /// Makes `trigger` ("<Alt>t") press the button in or out from anywhere in
    /// its window, as its mnemonic would if it had a text label.
    public func addClickShortcut(_ trigger: String) {
        let added = cgtk_button_add_click_shortcut(objectPointer, trigger) != 0
        precondition(added, "not a shortcut trigger: \(trigger)")
    }

    /// Shows `text` as the label, as it is (no mnemonic); screen readers read it.
    public func setPlainLabel(_ text: String) {
        gtk_button_set_use_underline(cgtk_as_button(objectPointer), 0)
        gtk_button_set_label(cgtk_as_button(objectPointer), text)
        setAccessibleLabel(text)
    }

    /// Joins `other`'s group: of the toggles of a group, one at most is
    /// pressed in, and pressing one lets the others out.
    public func group(with other: ToggleButton) {
        gtk_toggle_button_set_group(cgtk_as_toggle_button(objectPointer), cgtk_as_toggle_button(other.objectPointer))
    }

    /// Whether the button is pressed in.
    public var isActive: Bool {
        get { gtk_toggle_button_get_active(cgtk_as_toggle_button(objectPointer)) != 0 }
        set { gtk_toggle_button_set_active(cgtk_as_toggle_button(objectPointer), newValue ? 1 : 0) }
    }

    /// Calls `handler` whenever the button is pressed in or out.
    @discardableResult
    public func onToggled(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        connect("toggled", handler)
    }
}
