import CGtk

/// A GtkSearchEntry: a text field for searching, with a clear button; it
/// reports changes after a short pause in typing.
@MainActor
public final class SearchEntry: Widget {
    /// An empty search field showing `placeholder`.
    public init(placeholder: String) {
        super.init(retaining: gtk_search_entry_new())
        cgtk_search_entry_set_placeholder(objectPointer, placeholder)
        setAccessibleLabel(placeholder)
    }

    /// The search text.
    public var text: String {
        get { String(cString: gtk_editable_get_text(cgtk_as_editable(objectPointer))) }
        set { gtk_editable_set_text(cgtk_as_editable(objectPointer), newValue) }
    }

    /// Puts the keyboard focus in the field with its text selected, so that
    /// what is typed next replaces the search (as Ctrl+F does in GNOME's apps).
    /// GTK's own focusing of a search field leaves the text unselected, for
    /// typing that starts a search to go on with it.
    public func focusSelectingText() {
        _ = grabFocus()
        gtk_editable_select_region(cgtk_as_editable(objectPointer), 0, -1)
    }

    /// Makes typing in `widget` search: a key that would type text, pressed
    /// while the keyboard is in `widget` and not taken by it, goes into the
    /// field with the focus, as in GNOME's lists. Keys that move or act
    /// (arrows, Return, Delete where `widget` takes them, shortcuts) keep
    /// their meaning.
    public func takeTyping(from widget: Widget) {
        cgtk_search_entry_take_typing(objectPointer, widget.objectPointer)
    }

    /// Calls `handler` when the search text changed (after a short pause in typing).
    @discardableResult
    public func onSearchChanged(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        connect("search-changed", handler)
    }

    /// Calls `handler` when the person asks to stop searching (Escape in the field).
    @discardableResult
    public func onStopSearch(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        connect("stop-search", handler)
    }

    /// Calls `handler` when Return is pressed in the field.
    @discardableResult
    public func onActivate(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        connect("activate", handler)
    }
}
