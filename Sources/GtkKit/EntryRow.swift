import CGtk

/// A row of a preferences group that is a text field, its title in it until
/// text is typed; a password row hides what is typed (with a button to show it).
@MainActor
public final class EntryRow: Widget {
    /// An empty field titled `title`; with `isPassword`, one that hides what is typed.
    public init(title: String, isPassword: Bool = false) {
        super.init(retaining: isPassword ? adw_password_entry_row_new() : adw_entry_row_new())
        adw_preferences_row_set_title(cgtk_as_preferences_row(objectPointer), title)
    }

    /// The text in the field.
    public var text: String {
        get { gtk_editable_get_text(cgtk_as_editable(objectPointer)).map { String(cString: $0) } ?? "" }
        set { gtk_editable_set_text(cgtk_as_editable(objectPointer), newValue) }
    }

    /// Whether the field is marked as holding what was refused (a server
    /// that turned the password down): shown in the style's error colour, and
    /// told to screen readers as an invalid entry.
    public var isMarkedInvalid = false {
        didSet {
            guard isMarkedInvalid != oldValue else { return }
            if isMarkedInvalid { addCSSClass("error") } else { removeCSSClass("error") }
            cgtk_accessible_set_invalid(widgetPointer, isMarkedInvalid ? 1 : 0)
        }
    }

    /// Calls `handler` each time the field's text changes, typed or set.
    @discardableResult
    public func onTextChanged(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        connect("changed", handler)
    }

    /// Calls `handler` when Enter is pressed in the field.
    @discardableResult
    public func onEntryActivated(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        connect("entry-activated", handler)
    }
}
