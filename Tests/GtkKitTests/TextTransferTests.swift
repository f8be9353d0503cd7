import CGtk
import Testing
@testable import GtkKit

/// Text leaving a text view as plain text, for another program to paste,
/// keeps every character: text a tag hides (a checked task's "x" in a
/// right-to-left line) too, where GTK's own conversion keeps what shows.
@MainActor
@Suite("Text copied out of a text view", .serialized)
struct TextTransferTests {
    init() throws { try TestToolkit.start() }

    /// Selects the characters of `buffer` from `start` to `end`.
    private func select(_ buffer: TextBuffer, from start: Int32, to end: Int32) {
        var from = GtkTextIter()
        var to = GtkTextIter()
        gtk_text_buffer_get_iter_at_offset(buffer.bufferPointer, &from, start)
        gtk_text_buffer_get_iter_at_offset(buffer.bufferPointer, &to, end)
        gtk_text_buffer_select_range(buffer.bufferPointer, &from, &to)
    }

    /// What `clipboard` holds as text, read as another program reads it: through
    /// its text/plain conversion.
    private func text(of clipboard: OpaquePointer) -> String? {
        final class Result { var text: String?; var done = false }
        let result = Result()
        gdk_clipboard_read_text_async(clipboard, nil, { source, answer, data in
            let result = Unmanaged<Result>.fromOpaque(data!).takeRetainedValue()
            if let chars = gdk_clipboard_read_text_finish(OpaquePointer(source), answer, nil) {
                result.text = String(cString: chars)
                g_free(chars)
            }
            result.done = true
        }, Unmanaged.passRetained(result).toOpaque())
        MainLoop.iterate(forAtMost: 5) { result.done }
        return result.text
    }

    @Test("Copy and Cut give other programs every character selected, text a tag hides too")
    func copiedWithHiddenText() throws {
        let view = TextView()
        #expect(TextView.keepHiddenTextInTransfers(), "registered before GTK made its first text buffer")
        let buffer = view.buffer
        buffer.text = "- [x] שלום עולם\nnext"
        try HiddenText.hide(in: buffer, from: 3, to: 4)
        let clipboard = try #require(gdk_display_get_clipboard(gdk_display_get_default()))
        select(buffer, from: 0, to: 15)
        gtk_text_buffer_copy_clipboard(buffer.bufferPointer, clipboard)
        #expect(text(of: clipboard) == "- [x] שלום עולם")
        gtk_text_buffer_cut_clipboard(buffer.bufferPointer, clipboard, 1)
        #expect(text(of: clipboard) == "- [x] שלום עולם")
        #expect(buffer.text == "\nnext")
    }

    @Test("the primary selection (a middle-click paste elsewhere) is every character selected, text a tag hides too")
    func primarySelectionWithHiddenText() throws {
        let view = TextView()
        let buffer = view.buffer
        buffer.text = "- [x] مرحبا\nnext"
        try HiddenText.hide(in: buffer, from: 3, to: 4)
        let primary = try #require(gdk_display_get_primary_clipboard(gdk_display_get_default()))
        gtk_text_buffer_add_selection_clipboard(buffer.bufferPointer, primary)
        defer { gtk_text_buffer_remove_selection_clipboard(buffer.bufferPointer, primary) }
        select(buffer, from: 2, to: 11)
        #expect(text(of: primary) == "[x] مرحبا")
    }
}
