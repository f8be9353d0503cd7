import CGtk

/// A GtkTextBuffer: the text a `TextView` shows and edits.
@MainActor
public final class TextBuffer: Object {
    var bufferPointer: UnsafeMutablePointer<GtkTextBuffer> { quire_as_text_buffer(objectPointer) }

    /// The whole text.
    public var text: String {
        get {
            var start = GtkTextIter()
            var end = GtkTextIter()
            gtk_text_buffer_get_bounds(bufferPointer, &start, &end)
            guard let chars = gtk_text_buffer_get_text(bufferPointer, &start, &end, 0) else { return "" }
            defer { g_free(chars) }
            return String(cString: chars)
        }
        set { gtk_text_buffer_set_text(bufferPointer, newValue, -1) }
    }

    /// Moves the cursor (and clears the selection) to a character offset; -1 is the end.
    public func placeCursor(atOffset offset: Int32) {
        var iter = GtkTextIter()
        gtk_text_buffer_get_iter_at_offset(bufferPointer, &iter, offset)
        gtk_text_buffer_place_cursor(bufferPointer, &iter)
    }

    /// Calls `handler` after every change to the text, typed or set from code.
    @discardableResult
    public func onChanged(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        connect("changed", handler)
    }

    /// The cursor's position, as a character offset from the start.
    public var cursorOffset: Int32 {
        var iter = GtkTextIter()
        gtk_text_buffer_get_iter_at_mark(bufferPointer, &iter, gtk_text_buffer_get_insert(bufferPointer))
        return gtk_text_iter_get_offset(&iter)
    }

    /// Calls `handler` whenever the cursor moves.
    @discardableResult
    public func onCursorMoved(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        observe(property: "cursor-position", handler)
    }
}
