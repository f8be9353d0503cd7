import CGtk

/// A GtkLabel: text that cannot be edited, wrapped to the available width.
@MainActor
public final class Label: Widget {
    /// A label showing `text`.
    public init(_ text: String) {
        super.init(retaining: gtk_label_new(text))
        gtk_label_set_wrap(cgtk_as_label(objectPointer), 1)
        gtk_label_set_selectable(cgtk_as_label(objectPointer), 1)
    }

    /// The text shown.
    public var text: String {
        get { String(cString: gtk_label_get_text(cgtk_as_label(objectPointer))) }
        set { gtk_label_set_text(cgtk_as_label(objectPointer), newValue) }
    }

    /// Whether the text can be selected (and so takes the keyboard focus); on by default.
    public var isSelectable: Bool {
        get { gtk_label_get_selectable(cgtk_as_label(objectPointer)) != 0 }
        set { gtk_label_set_selectable(cgtk_as_label(objectPointer), newValue ? 1 : 0) }
    }

    /// Wraps the text at about this many characters, however wide the window
    /// (a dialog's text stays readable rather than one long line).
    public func limitWidth(toCharacters count: Int32) {
        gtk_label_set_max_width_chars(cgtk_as_label(objectPointer), count)
    }

    /// Shows `markup` (Pango markup: <b>, <i>, <span>…); escape any user text with `Label.escape`.
    public func setMarkup(_ markup: String) { gtk_label_set_markup(cgtk_as_label(objectPointer), markup) }

    /// A single line, aligned to the start, and (unless `ellipsized` is false)
    /// cut with "…" when too long: at its end, or in its middle (a file's
    /// path keeps its folder's start and the file's name).
    public func makeSingleLine(ellipsized: Bool = true, inTheMiddle: Bool = false) {
        gtk_label_set_wrap(cgtk_as_label(objectPointer), 0)
        gtk_label_set_selectable(cgtk_as_label(objectPointer), 0)
        gtk_label_set_ellipsize(cgtk_as_label(objectPointer),
                                !ellipsized ? PANGO_ELLIPSIZE_NONE : inTheMiddle ? PANGO_ELLIPSIZE_MIDDLE : PANGO_ELLIPSIZE_END)
        gtk_label_set_xalign(cgtk_as_label(objectPointer), 0)
    }

    /// Wraps the text, between words where it can, at about `characters`
    /// characters a line, on at most `lines` lines (the last cut with "…"
    /// if it needs more), aligned to the start.
    public func makeWrapping(lines: Int32, charactersPerLine characters: Int32) {
        let label = cgtk_as_label(objectPointer)
        gtk_label_set_wrap(label, 1)
        gtk_label_set_wrap_mode(label, PANGO_WRAP_WORD_CHAR)
        gtk_label_set_lines(label, lines)
        gtk_label_set_ellipsize(label, PANGO_ELLIPSIZE_END)
        gtk_label_set_max_width_chars(label, characters)
        gtk_label_set_xalign(label, 0)
    }

    /// `text` with markup characters (<, >, &, quotes) escaped.
    public static func escape(_ text: String) -> String {
        guard let escaped = cgtk_markup_escape(text) else { return "" }
        defer { g_free(escaped) }
        return String(cString: escaped)
    }
}
