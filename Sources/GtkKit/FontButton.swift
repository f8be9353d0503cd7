import CGtk

/// A button that shows a font's name in that font and lets the person pick
/// another in GTK's font chooser. A font whose family is not installed (the
/// desktop's "Cantarell 11" where Cantarell is missing, or an alias such as
/// "Sans") is shown as the family Pango draws it with, where GTK's button
/// would name it "None".
@MainActor
public final class FontButton: Widget {
    /// A button showing `font` (a Pango description, "Cantarell 11"), its chooser titled `title`.
    public init(font: String, title: String) {
        super.init(retaining: gtk_font_button_new())
        gtk_font_button_set_title(cgtk_as_font_button(objectPointer), title)
        gtk_font_button_set_use_font(cgtk_as_font_button(objectPointer), 1)
        self.font = font
    }

    /// The font shown, as a Pango description.
    public var font: String {
        get {
            guard let name = gtk_font_chooser_get_font(cgtk_as_font_chooser(objectPointer)) else { return "" }
            defer { g_free(name) }
            return String(cString: name)
        }
        set { gtk_font_chooser_set_font(cgtk_as_font_chooser(objectPointer), asDrawn(newValue)) }
    }

    /// `font` with the family Pango draws it with, where that is another.
    private func asDrawn(_ font: String) -> String {
        let wanted = pango_font_description_from_string(font)
        defer { pango_font_description_free(wanted) }
        guard let loaded = pango_context_load_font(gtk_widget_get_pango_context(widgetPointer), wanted) else { return font }
        defer { g_object_unref(loaded) }
        let drawn = pango_font_describe(loaded)
        defer { pango_font_description_free(drawn) }
        guard let family = pango_font_description_get_family(drawn) else { return font }
        pango_font_description_set_family(wanted, family)
        guard let name = pango_font_description_to_string(wanted) else { return font }
        defer { g_free(name) }
        return String(cString: name)
    }

    /// Calls `handler` when the person picks a font.
    public func onFontPicked(_ handler: @escaping @MainActor () -> Void) {
        connect("font-set", handler)
    }
}
