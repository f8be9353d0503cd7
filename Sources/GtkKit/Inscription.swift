import CGtk

/// A GtkInscription: one line of text that is cut with "…" where its space
/// ends, sized from the font, not from the text. A label lays its text out
/// again for every width it is measured at (a list row is measured at
/// several, each time it changes); an inscription lays it out only for the
/// width it is given. For the text of list rows.
@MainActor
public final class Inscription: Widget {
    /// An empty inscription, aligned to the start, taking the width it is given.
    public init() {
        super.init(retaining: gtk_inscription_new(nil))
        gtk_inscription_set_text_overflow(cgtk_as_inscription(objectPointer), GTK_INSCRIPTION_OVERFLOW_ELLIPSIZE_END)
        gtk_inscription_set_xalign(cgtk_as_inscription(objectPointer), 0)
        gtk_inscription_set_min_lines(cgtk_as_inscription(objectPointer), 1)
        gtk_inscription_set_nat_lines(cgtk_as_inscription(objectPointer), 1)
    }

    /// The text shown.
    public var text: String {
        get { gtk_inscription_get_text(cgtk_as_inscription(objectPointer)).map { String(cString: $0) } ?? "" }
        set { gtk_inscription_set_text(cgtk_as_inscription(objectPointer), newValue) }
    }

    /// Shows `markup` (Pango markup); escape any user text with `Label.escape`.
    public func setMarkup(_ markup: String) { gtk_inscription_set_markup(cgtk_as_inscription(objectPointer), markup) }
}
