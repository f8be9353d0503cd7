import CGtk

/// Marks on a buffer's text that do not change it: a wavy underline, such as
/// a spell checker's under the words it does not know.
extension TextBuffer {
    /// Underlines the text in `ranges` (character offsets) with a wavy line in
    /// `color` (a CSS colour) under the tag `name`, and takes that tag off the
    /// rest of `region`; the tag elsewhere is left as it is.
    ///
    /// Only what differs from the underline already there changes: each tag
    /// put on or taken off walks its whole line in GTK, so redoing them all
    /// in a long paragraph full of underlined words cost time growing with
    /// the square of their number (a second for 5,000 in one paragraph).
    public func underline(_ ranges: [Range<Int32>], tag name: String, color: String, within region: Range<Int32>) {
        guard let tag = cgtk_text_buffer_error_underline_tag(bufferPointer, name, color) else { return }
        let present = Set(taggedRanges(tag, within: region))
        let wanted = Set(ranges.filter { !$0.isEmpty })
        // Taken off before any is put on, since one taken off may hold one put on;
        // from the end back, where GTK's walk from the line's start is shorter.
        for range in present.subtracting(wanted).sorted(by: { $0.lowerBound > $1.lowerBound }) {
            change(tag, on: range, applying: false)
        }
        for range in wanted.subtracting(present).sorted(by: { $0.lowerBound > $1.lowerBound }) {
            change(tag, on: range, applying: true)
        }
    }

    /// Takes the tag `name` off the whole text (nothing if the buffer has no such tag).
    public func removeTag(_ name: String) {
        guard let tag = gtk_text_tag_table_lookup(gtk_text_buffer_get_tag_table(bufferPointer), name) else { return }
        change(tag, on: 0..<characterCount, applying: false)
    }

    /// The ranges of text under the tag `name`, in order.
    public func ranges(ofTag name: String) -> [Range<Int32>] {
        guard let tag = gtk_text_tag_table_lookup(gtk_text_buffer_get_tag_table(bufferPointer), name) else { return [] }
        return taggedRanges(tag, within: 0..<characterCount)
    }

    /// The ranges of text under `tag` that lie in `region`, cut at its ends,
    /// in order: one walk from toggle to toggle.
    private func taggedRanges(_ tag: UnsafeMutablePointer<GtkTextTag>, within asked: Range<Int32>) -> [Range<Int32>] {
        let region = asked.clamped(to: 0..<characterCount)
        var iter = GtkTextIter()
        gtk_text_buffer_get_iter_at_offset(bufferPointer, &iter, region.lowerBound)
        var ranges: [Range<Int32>] = []
        var start: Int32? = gtk_text_iter_has_tag(&iter, tag) != 0 ? region.lowerBound : nil
        while gtk_text_iter_forward_to_tag_toggle(&iter, tag) != 0 {
            let offset = min(gtk_text_iter_get_offset(&iter), region.upperBound)
            if let from = start {
                ranges.append(from..<offset)
                start = nil
            } else if offset < region.upperBound {
                start = offset
            }
            if offset == region.upperBound { break }
        }
        if let from = start, from < region.upperBound { ranges.append(from..<region.upperBound) }
        return ranges.filter { !$0.isEmpty }
    }

    /// Puts `tag` on the text in `range`, or takes it off.
    private func change(_ tag: UnsafeMutablePointer<GtkTextTag>, on range: Range<Int32>, applying: Bool) {
        var start = GtkTextIter()
        var end = GtkTextIter()
        gtk_text_buffer_get_iter_at_offset(bufferPointer, &start, range.lowerBound)
        gtk_text_buffer_get_iter_at_offset(bufferPointer, &end, range.upperBound)
        if applying {
            gtk_text_buffer_apply_tag(bufferPointer, tag, &start, &end)
        } else {
            gtk_text_buffer_remove_tag(bufferPointer, tag, &start, &end)
        }
    }
}
