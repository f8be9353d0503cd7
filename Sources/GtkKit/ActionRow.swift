import CGtk

/// A row of a preferences group with a title, a subtitle under it, and
/// widgets (buttons) at its end. Both texts are shown as given: a "&" or
/// "<" in a file's name or a server's answer is not taken for markup.
@MainActor
public final class ActionRow: Widget {
    /// A row titled `title`, with `subtitle` under it.
    public init(title: String, subtitle: String = "") {
        super.init(retaining: adw_action_row_new())
        adw_preferences_row_set_use_markup(cgtk_as_preferences_row(objectPointer), 0)
        adw_preferences_row_set_title(cgtk_as_preferences_row(objectPointer), title)
        adw_action_row_set_subtitle(cgtk_as_action_row(objectPointer), subtitle)
    }

    /// Makes the row activatable (a click on it, or Return or Space with the
    /// keyboard on it) and calls `handler` each time it is activated. Return
    /// is the row's even in a dialog, whose default answer would otherwise take it.
    @discardableResult
    public func onActivated(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        gtk_list_box_row_set_activatable(cgtk_as_list_box_row(objectPointer), 1)
        onKeyPress { [weak self] key in
            guard let self, key.isPlain, ["Return", "KP_Enter", "ISO_Enter"].contains(key.name) else { return false }
            adw_action_row_activate(cgtk_as_action_row(objectPointer))
            return true
        }
        return connect("activated", handler)
    }

    /// The text under the title.
    public var subtitle: String {
        get { actionRowSubtitle }
        set { actionRowSubtitle = newValue }
    }

    /// Puts `widget` at the row's end, after those added before.
    public func addSuffix(_ widget: Widget) {
        adw_action_row_add_suffix(cgtk_as_action_row(objectPointer), widget.widgetPointer)
    }
}

extension Widget {
    /// The subtitle of an AdwActionRow (or a row made from one: a switch row, a combo row).
    var actionRowSubtitle: String {
        get { adw_action_row_get_subtitle(cgtk_as_action_row(objectPointer)).map { String(cString: $0) } ?? "" }
        set { adw_action_row_set_subtitle(cgtk_as_action_row(objectPointer), newValue) }
    }
}
