import CGtk

/// The part of a text view's text that shows, and word of it changing.
extension TextView {
    /// The character offsets of the text that shows, from the first line
    /// that shows (even in part) to the end of the last.
    public var visibleTextRange: Range<Int32> {
        var rect = GdkRectangle()
        gtk_text_view_get_visible_rect(textViewPointer, &rect)
        var start = GtkTextIter()
        var end = GtkTextIter()
        gtk_text_view_get_line_at_y(textViewPointer, &start, rect.y, nil)
        gtk_text_view_get_line_at_y(textViewPointer, &end, rect.y + max(rect.height, 1), nil)
        if gtk_text_iter_ends_line(&end) == 0 { gtk_text_iter_forward_to_line_end(&end) }
        let from = gtk_text_iter_get_offset(&start)
        return from..<max(from, gtk_text_iter_get_offset(&end))
    }

    /// Calls `handler` whenever other text may show: the text scrolled, the
    /// view grew or shrank, or the text's height changed (the view's vertical
    /// adjustment, as the scrolled window it is in when this is called gave it).
    public func onVisibleTextChanged(_ handler: @escaping @MainActor () -> Void) {
        guard let adjustment = gtk_scrollable_get_vadjustment(cgtk_as_scrollable(objectPointer)) else { return }
        let object = Object(retaining: adjustment)
        object.connect("value-changed", handler)
        object.connect("changed", handler)
    }
}
