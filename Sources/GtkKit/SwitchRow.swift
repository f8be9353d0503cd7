import CGtk

/// A row of a preferences group with a switch at its end, which a click
/// anywhere on the row (or Space on it) turns on or off.
@MainActor
public final class SwitchRow: Widget {
    private let toggle = Widget(retaining: gtk_switch_new())

    /// A row titled `title`, with `subtitle` under it, its switch off.
    public init(title: String, subtitle: String = "") {
        super.init(retaining: adw_action_row_new())
        let row = cgtk_as_action_row(objectPointer)
        adw_preferences_row_set_title(cgtk_as_preferences_row(objectPointer), title)
        adw_preferences_row_set_use_underline(cgtk_as_preferences_row(objectPointer), 1)
        adw_action_row_set_subtitle(row, subtitle)
        toggle.centerVertically()
        adw_action_row_add_suffix(row, toggle.widgetPointer)
        adw_action_row_set_activatable_widget(row, toggle.widgetPointer)
    }

    /// The text under the title.
    public var subtitle: String {
        get { actionRowSubtitle }
        set { actionRowSubtitle = newValue }
    }

    /// Whether the switch is on.
    public var isOn: Bool {
        get { gtk_switch_get_active(cgtk_as_switch(toggle.objectPointer)) != 0 }
        set { gtk_switch_set_active(cgtk_as_switch(toggle.objectPointer), newValue ? 1 : 0) }
    }

    /// Calls `handler` whenever the switch is turned on or off (by the person or by `isOn`).
    public func onToggled(_ handler: @escaping @MainActor () -> Void) {
        toggle.observe(property: "active", handler)
    }
}
