import CGtk
import Testing
@testable import GtkKit

/// Text hidden by a tag, as an editor hides a letter for display (the "x" of
/// a checked task in a right-to-left line): for the tests that read it back.
@MainActor
enum HiddenText {
    /// Hides the characters of `buffer` from `start` to `end` under a tag of
    /// its own ("invisible", set through GObject: GTK's tag maker is variadic).
    static func hide(in buffer: TextBuffer, from start: Int32, to end: Int32) throws {
        let tag = try #require(gtk_text_tag_new(nil))
        var invisible = GValue()
        g_value_init(&invisible, GType(5 << 2))  // G_TYPE_BOOLEAN
        g_value_set_boolean(&invisible, 1)
        g_object_set_property(UnsafeMutableRawPointer(tag).assumingMemoryBound(to: GObject.self), "invisible", &invisible)
        gtk_text_tag_table_add(gtk_text_buffer_get_tag_table(buffer.bufferPointer), tag)
        var from = GtkTextIter()
        var to = GtkTextIter()
        gtk_text_buffer_get_iter_at_offset(buffer.bufferPointer, &from, start)
        gtk_text_buffer_get_iter_at_offset(buffer.bufferPointer, &to, end)
        gtk_text_buffer_apply_tag(buffer.bufferPointer, tag, &from, &to)
    }
}
