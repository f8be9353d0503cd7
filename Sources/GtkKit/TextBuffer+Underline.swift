import CGtk

/// Marks on a buffer's text that do not change it: a wavy underline, such as
/// a spell checker's under the words it does not know.
extension TextBuffer {
    /// Underlines the text in `ranges` (character offsets) with a wavy line in
    /// `color` (a CSS colour) under the tag `name`, and takes that tag off the
    /// rest of `region`; the tag elsewhere is left as it is.
    public func underline(_ ranges: [Range<Int32>], tag name: String, color: String, within region: Range<Int32>) {
        guard let tag = cgtk_text_buffer_error_underline_tag(bufferPointer, name, color) else { return }
        var start = GtkTextIter()
        var end = GtkTextIter()
        gtk_text_buffer_get_iter_at_offset(bufferPointer, &start, region.lowerBound)
        gtk_text_buffer_get_iter_at_offset(bufferPointer, &end, region.upperBound)
        gtk_text_buffer_remove_tag(bufferPointer, tag, &start, &end)
        for range in ranges {
            gtk_text_buffer_get_iter_at_offset(bufferPointer, &start, range.lowerBound)
            gtk_text_buffer_get_iter_at_offset(bufferPointer, &end, range.upperBound)
            gtk_text_buffer_apply_tag(bufferPointer, tag, &start, &end)
        }
    }

    /// Takes the tag `name` off the whole text (nothing if the buffer has no such tag).
    public func removeTag(_ name: String) {
        guard let tag = gtk_text_tag_table_lookup(gtk_text_buffer_get_tag_table(bufferPointer), name) else { return }
        var start = GtkTextIter()
        var end = GtkTextIter()
        gtk_text_buffer_get_bounds(bufferPointer, &start, &end)
        gtk_text_buffer_remove_tag(bufferPointer, tag, &start, &end)
    }

    /// The ranges of text under the tag `name`, in order.
    public func ranges(ofTag name: String) -> [Range<Int32>] {
        guard let tag = gtk_text_tag_table_lookup(gtk_text_buffer_get_tag_table(bufferPointer), name) else { return [] }
        var iter = GtkTextIter()
        gtk_text_buffer_get_start_iter(bufferPointer, &iter)
        var ranges: [Range<Int32>] = []
        var start: Int32? = gtk_text_iter_starts_tag(&iter, tag) != 0 ? 0 : nil
        while gtk_text_iter_forward_to_tag_toggle(&iter, tag) != 0 {
            let offset = gtk_text_iter_get_offset(&iter)
            if let from = start {
                ranges.append(from..<offset)
                start = nil
            } else {
                start = offset
            }
        }
        return ranges
    }
}
