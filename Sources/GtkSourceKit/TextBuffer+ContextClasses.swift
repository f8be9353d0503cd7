import CGtk
import CGtkSource
public import GtkKit

/// Where a styled buffer's language puts a context class ("no-spell-check":
/// code, a link's address).
extension TextBuffer {
    /// The parts of `region` (character offsets) in the context class `name`,
    /// in order, after styling the region if it was not yet. None in a buffer
    /// that is not GtkSourceView's.
    public func ranges(ofContextClass name: String, in region: Range<Int32>) -> [Range<Int32>] {
        guard cgtk_is_source_buffer(objectPointer) != 0 else { return [] }
        SourceStyling.styleIfWaiting(self)
        let buffer = cgtk_as_source_buffer(objectPointer)
        let textBuffer = cgtk_as_text_buffer(objectPointer)
        var iter = GtkTextIter()
        var end = GtkTextIter()
        gtk_text_buffer_get_iter_at_offset(textBuffer, &iter, region.lowerBound)
        gtk_text_buffer_get_iter_at_offset(textBuffer, &end, region.upperBound)
        gtk_source_buffer_ensure_highlight(buffer, &iter, &end)
        var ranges: [Range<Int32>] = []
        while gtk_text_iter_compare(&iter, &end) < 0 {
            let inClass = gtk_source_buffer_iter_has_context_class(buffer, &iter, name) != 0
            let start = gtk_text_iter_get_offset(&iter)
            let moved = gtk_source_buffer_iter_forward_to_context_class_toggle(buffer, &iter, name) != 0
            if !moved || gtk_text_iter_compare(&iter, &end) > 0 { iter = end }
            if inClass { ranges.append(start..<gtk_text_iter_get_offset(&iter)) }
            if !moved { break }
        }
        return ranges
    }
}
