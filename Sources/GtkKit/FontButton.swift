import CGtk

/// A button that shows a font's name in that font and lets the person pick
/// another in GTK's font chooser.
@MainActor
public final class FontButton: Widget {
    /// A button showing `font` (a Pango description, "Cantarell 11"), its chooser titled `title`.
    public init(font: String, title: String) {
        super.init(retaining: gtk_font_button_new_with_font(font))
        gtk_font_button_set_title(cgtk_as_font_button(objectPointer), title)
        gtk_font_button_set_use_font(cgtk_as_font_button(objectPointer), 1)
    }

    /// The font shown, as a Pango description.
    public var font: String {
        get {
            guard let name = gtk_font_chooser_get_font(cgtk_as_font_chooser(objectPointer)) else { return "" }
            defer { g_free(name) }
            return String(cString: name)
        }
        set { gtk_font_chooser_set_font(cgtk_as_font_chooser(objectPointer), newValue) }
    }

    /// Calls `handler` when the person picks a font.
    public func onFontPicked(_ handler: @escaping @MainActor () -> Void) {
        connect("font-set", handler)
    }
}
