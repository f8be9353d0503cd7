import CGtk

/// A button that shows a font's name in that font, and its size, and lets
/// the person pick another in GTK's font chooser (`FontChooser`). A font
/// whose family is not installed (the desktop's "Cantarell 11" where
/// Cantarell is missing, or an alias such as "Sans") is shown as the family
/// Pango draws it with, where GTK's own font button would name it "None".
@MainActor
public final class FontButton: Widget {
    private let title: String
    private let nameLabel = Label("")
    private let sizeLabel = Label("")
    /// The font shown, as a Pango description.
    private var shown = ""
    private var pickedHandlers: [@MainActor () -> Void] = []

    /// A button showing `font` (a Pango description, "Cantarell 11"), its chooser titled `title`.
    public init(font: String, title: String) {
        self.title = title
        super.init(retaining: gtk_button_new())
        addCSSClass("font")
        let content = Box(vertical: false, spacing: 12)
        for label in [nameLabel, sizeLabel] {
            label.makeSingleLine()
            content.append(label)
        }
        nameLabel.limitWidth(toCharacters: 24)
        sizeLabel.addCSSClass("numeric")
        gtk_button_set_child(cgtk_as_button(objectPointer), content.widgetPointer)
        connect("clicked") { [weak self] in self?.openChooser() }
        self.font = font
    }

    /// The font shown, as a Pango description.
    public var font: String {
        get { shown }
        set { show(newValue) }
    }

    /// Calls `handler` when the person picks a font.
    public func onFontPicked(_ handler: @escaping @MainActor () -> Void) {
        pickedHandlers.append(handler)
    }

    /// Opens the chooser on the font shown.
    private func openChooser() {
        FontChooser(title: title, font: shown, over: self).present { [weak self] picked in
            guard let self else { return }
            font = picked
            for handler in pickedHandlers { handler() }
        }
    }

    /// Shows `font` as Pango draws it, the font loaded once: with the family
    /// it draws with (where that is another), that family and the face's name
    /// in that face ("DejaVu Sans Book"), and the size.
    private func show(_ font: String) {
        let description = pango_font_description_from_string(font)
        defer { pango_font_description_free(description) }
        var name = pango_font_description_get_family(description).map { String(cString: $0) } ?? ""
        shown = font
        if let loaded = pango_context_load_font(gtk_widget_get_pango_context(widgetPointer), description) {
            defer { g_object_unref(loaded) }
            let drawn = pango_font_describe(loaded)
            defer { pango_font_description_free(drawn) }
            if let family = pango_font_description_get_family(drawn) {
                pango_font_description_set_family(description, family)
                name = String(cString: family)
                if let text = pango_font_description_to_string(description) {
                    shown = String(cString: text)
                    g_free(text)
                }
            }
            if let face = pango_font_get_face(loaded), let faceName = pango_font_face_get_face_name(face) {
                name += " \(String(cString: faceName))"
            }
        }
        nameLabel.text = name
        let face = pango_font_description_copy(description)
        defer { pango_font_description_free(face) }
        pango_font_description_unset_fields(face, PANGO_FONT_MASK_SIZE)
        let attributes = pango_attr_list_new()
        defer { pango_attr_list_unref(attributes) }
        pango_attr_list_insert(attributes, pango_attr_font_desc_new(face))
        gtk_label_set_attributes(cgtk_as_label(nameLabel.objectPointer), attributes)
        let points = cgtk_font_description_points(description)
        let tenths = (points * 10).rounded() / 10
        sizeLabel.text = points <= 0 ? "" : tenths == tenths.rounded() ? String(Int(tenths)) : String(tenths)
        setAccessibleLabel("\(title): \(nameLabel.text) \(sizeLabel.text)")
    }
}
