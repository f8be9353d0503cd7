import CGtk

/// GTK's font chooser dialog, modal over a window and opened on a font.
///
/// GTK 4.8's chooser lists the installed faces ten at each frame, and it
/// selects the first face listed, taking that face's family, before the
/// font it was opened on is listed. Select then changed the family (to the
/// first one installed, "C059" on Debian) even when only the size was
/// changed. So, after each frame, the chooser is told its font again until
/// it shows that font's own face selected. That stops at the person's first
/// key or click in the chooser, since what they pick is theirs, or once
/// every face has been listed.
@MainActor
final class FontChooser: Widget {
    /// The font the chooser opened on, as a Pango description.
    private let font: String
    /// Whether the person has pressed a key or clicked in the chooser.
    private var personActed = false
    /// Frames left until every face installed has been listed.
    private var framesLeft: Int

    /// A chooser titled `title` over the window holding `widget`, on `font` (a Pango description).
    init(title: String, font: String, over widget: Widget) {
        self.font = font
        framesLeft = Self.facesInstalled() / 10 + 2
        let root = gtk_widget_get_root(widget.widgetPointer).flatMap { cgtk_as_window(UnsafeMutableRawPointer($0)) }
        super.init(retaining: gtk_font_chooser_dialog_new(title, root))
        gtk_window_set_modal(cgtk_as_window(objectPointer), 1)
        gtk_font_chooser_set_font(cgtk_as_font_chooser(objectPointer), font)
    }

    /// Shows the chooser; `picked` gets the font chosen (a Pango
    /// description) if the person presses Select. The chooser closes either
    /// way, and keeps itself until then.
    func present(_ picked: @escaping @MainActor (String) -> Void) {
        onKeyPress { [weak self] _ in
            self?.personActed = true
            return false
        }
        onMousePressFirst(.primary) { [weak self] _, _, _ in self?.personActed = true }
        var connection: SignalConnection?
        connection = connectWithUInt32("response") { [self] response in
            let chosen = Int32(bitPattern: response) == GTK_RESPONSE_OK.rawValue ? chosenFont : nil
            gtk_window_destroy(cgtk_as_window(objectPointer))
            if let chosen { picked(chosen) }
            // Out of the signal's emission: the handler (which holds the chooser) goes with it.
            MainLoop.idle {
                connection?.disconnect()
                connection = nil
                return false
            }
        }
        gtk_window_present(cgtk_as_window(objectPointer))
        keepFontUntilShown()
    }

    /// The font the chooser shows as a Pango description, if it shows one.
    private var chosenFont: String? {
        guard let name = gtk_font_chooser_get_font(cgtk_as_font_chooser(objectPointer)) else { return nil }
        defer { g_free(name) }
        return String(cString: name)
    }

    /// Tells the chooser its font again after each frame, until it shows
    /// that font's face selected, the person acts, or every face is listed.
    private func keepFontUntilShown() {
        onNextFrame(requestingOne: true) { [weak self] in
            guard let self, !personActed, framesLeft > 0, isMapped, !showsFontFace else { return }
            framesLeft -= 1
            gtk_font_chooser_set_font(cgtk_as_font_chooser(objectPointer), font)
            keepFontUntilShown()
        }
    }

    /// Whether the face selected is the font's own (as GTK matches them:
    /// the face's description, completed by the font's, is the font's).
    private var showsFontFace: Bool {
        guard let face = gtk_font_chooser_get_font_face(cgtk_as_font_chooser(objectPointer)) else { return false }
        let wanted = pango_font_description_from_string(font)
        let selected = pango_font_face_describe(face)
        defer {
            pango_font_description_free(wanted)
            pango_font_description_free(selected)
        }
        pango_font_description_merge(selected, wanted, 0)
        return pango_font_description_equal(selected, wanted) != 0
    }

    /// How many faces the chooser lists: every face of every family installed.
    static func facesInstalled() -> Int {
        var families: UnsafeMutablePointer<UnsafeMutablePointer<PangoFontFamily>?>?
        var familyCount: Int32 = 0
        pango_font_map_list_families(pango_cairo_font_map_get_default(), &families, &familyCount)
        defer { g_free(families) }
        var faces = 0
        for index in 0..<Int(familyCount) {
            var familyFaces: UnsafeMutablePointer<UnsafeMutablePointer<PangoFontFace>?>?
            var count: Int32 = 0
            pango_font_family_list_faces(families?[index], &familyFaces, &count)
            g_free(familyFaces)
            faces += Int(count)
        }
        return faces
    }
}
