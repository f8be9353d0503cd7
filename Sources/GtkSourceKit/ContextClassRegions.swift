import CGtk
import CGtkSource
import GtkKit

/// Puts a tag on the text of one context class of a buffer's language, for
/// what style schemes cannot do (code in the monospace font, a letter
/// hidden), region by region as the styling of each is brought up to date:
/// an edit costs only the lines it touched.
@MainActor
enum ContextClassRegions {
    /// What the tag does to the text of its class.
    enum Effect {
        /// Sets it in the monospace font.
        case monospace
        /// Hides it; the text keeps it (`TextBuffer.text`, and what is copied:
        /// `TextView.keepHiddenTextInTransfers`).
        case hidden
    }

    /// Follows `buffer`'s styling for as long as the buffer lives, with a tag
    /// named after the context class.
    static func follow(_ buffer: TextBuffer, contextClass: String, effect: Effect) {
        let bufferPointer = buffer.objectPointer
        let made = switch effect {
        case .monospace: cgtk_text_buffer_create_family_tag(bufferPointer, contextClass, "monospace")
        case .hidden: cgtk_text_buffer_create_invisible_tag(bufferPointer, contextClass)
        }
        guard let tag = made else { return }
        typealias Box = ClosureBox<@MainActor (UnsafeMutablePointer<GtkTextIter>, UnsafeMutablePointer<GtkTextIter>) -> Void>
        let box = Box({ start, end in
            mark(contextClass, with: tag, in: cgtk_as_source_buffer(bufferPointer), from: start, to: end)
        }, kind: .signalHandler)
        cgtk_signal_connect_highlight_updated(bufferPointer, { _, start, end, data in
            guard let start, let end else { return }
            MainActor.assumeIsolated { Box.from(data).closure(start, end) }
        }, box.retainedPointer(), { data, _ in
            MainActor.assumeIsolated { Box.release(data) }
        })
    }

    /// Puts `tag` on exactly the text of `contextClass` between `start` and
    /// `end`. The styling reports every edit's lines as they are typed, and a
    /// font tag changed lays out its whole paragraph again; the buffer skips
    /// putting the tag on where it is and taking it off where it is not
    /// (`SourceStyling` sets that up), so only where code starts or stops is
    /// laid out again.
    private static func mark(
        _ contextClass: String, with tag: UnsafeMutablePointer<GtkTextTag>, in buffer: UnsafeMutablePointer<GtkSourceBuffer>?,
        from start: UnsafeMutablePointer<GtkTextIter>, to end: UnsafeMutablePointer<GtkTextIter>
    ) {
        let textBuffer = cgtk_as_text_buffer(buffer)
        var iter = start.pointee
        while gtk_text_iter_compare(&iter, end) < 0 {
            let inClass = gtk_source_buffer_iter_has_context_class(buffer, &iter, contextClass) != 0
            var regionStart = iter
            let moved = gtk_source_buffer_iter_forward_to_context_class_toggle(buffer, &iter, contextClass) != 0
            if !moved || gtk_text_iter_compare(&iter, end) > 0 { iter = end.pointee }
            if inClass {
                gtk_text_buffer_apply_tag(textBuffer, tag, &regionStart, &iter)
            } else {
                gtk_text_buffer_remove_tag(textBuffer, tag, &regionStart, &iter)
            }
            if !moved { break }
        }
    }
}
