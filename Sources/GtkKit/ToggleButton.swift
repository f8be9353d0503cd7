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

    /// Whether the button is pressed in.
    public var isActive: Bool {
        get { gtk_toggle_button_get_active(quire_as_toggle_button(objectPointer)) != 0 }
        set { gtk_toggle_button_set_active(quire_as_toggle_button(objectPointer), newValue ? 1 : 0) }
    }

    /// Calls `handler` whenever the button is pressed in or out.
    @discardableResult
    public func onToggled(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        connect("toggled", handler)
    }
}
