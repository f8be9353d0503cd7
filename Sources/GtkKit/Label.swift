import CGtk

/// A GtkLabel: text that cannot be edited, wrapped to the available width.
@MainActor
public final class Label: Widget {
    /// A label showing `text`.
    public init(_ text: String) {
        super.init(retaining: gtk_label_new(text))
        gtk_label_set_wrap(quire_as_label(objectPointer), 1)
        gtk_label_set_selectable(quire_as_label(objectPointer), 1)
    }

    /// The text shown.
    public var text: String {
        get { String(cString: gtk_label_get_text(quire_as_label(objectPointer))) }
        set { gtk_label_set_text(quire_as_label(objectPointer), newValue) }
    }
}
