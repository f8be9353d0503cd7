import CGtk

/// A GtkTextView: a multi-line text editor.
@MainActor
public final class TextView: Widget {
    /// The text the view edits.
    public let buffer: TextBuffer
    /// The actions of the right-click menu's extra items (`setExtraMenu`).
    var extraMenuActions: Object?
    /// The right-click menu's first section, and how many items it holds (`setExtraMenuLeadingItems`).
    var extraMenuLeading: (section: Menu, count: Int)?
    /// The right-click menu's section of submenus, and their actions' names, in order (`setExtraMenuChoices`).
    var extraMenuChoices: Menu?
    var extraMenuChoiceNames: [String] = []

    /// An empty editor that wraps long lines at word boundaries.
    public convenience init() {
        TextView.keepHiddenTextInTransfers()
        guard let view = gtk_text_view_new() else { preconditionFailure("GTK made no text view") }
        self.init(wrapping: view)
    }

    /// Wraps a new (floating) text view made elsewhere, such as a GtkSourceView,
    /// which is one: it wraps long lines at word boundaries.
    package init(wrapping view: UnsafeMutableRawPointer) {
        buffer = TextBuffer(retaining: gtk_text_view_get_buffer(cgtk_as_text_view(view)))
        super.init(retaining: view)
        gtk_text_view_set_wrap_mode(textViewPointer, GTK_WRAP_WORD_CHAR)
        // GTK 4.8 blinks a cursor (a redraw every frame) in views without the focus too.
        cgtk_text_view_keep_cursor_to_focus(objectPointer)
    }

    var textViewPointer: UnsafeMutablePointer<GtkTextView> { cgtk_as_text_view(objectPointer) }

    /// Makes text copied, cut, selected (the primary selection) or dragged
    /// out of any text view keep every character, text a tag hides too, where
    /// GTK's own keeps only what shows. Done once, before GTK makes its first
    /// text buffer (a new `TextView` does it; so must whoever makes text views
    /// otherwise); false if GTK's came first and are used.
    @discardableResult
    public static func keepHiddenTextInTransfers() -> Bool {
        cgtk_text_buffer_keep_hidden_text_in_transfers() != 0
    }

    /// Lets the view's input method take `key` first, as GTK's own key handling
    /// does: true if it did (a Return that ends a composition, in Japanese or
    /// Chinese), and the key must then do nothing more.
    public func inputMethodTakes(_ key: KeyPress) -> Bool {
        guard let controller = key.controller else { return false }
        return cgtk_text_view_input_method_takes(objectPointer, controller) != 0
    }

    /// The character offset of the text at (`x`, `y`) in the view's own
    /// coordinates, or nil if no text is there (past a line's end, below the last line).
    public func textOffset(atX x: Double, y: Double) -> Int32? {
        var bufferX: Int32 = 0
        var bufferY: Int32 = 0
        gtk_text_view_window_to_buffer_coords(textViewPointer, GTK_TEXT_WINDOW_WIDGET, Int32(x), Int32(y), &bufferX, &bufferY)
        var iter = GtkTextIter()
        guard gtk_text_view_get_iter_at_location(textViewPointer, &iter, bufferX, bufferY) != 0 else { return nil }
        return gtk_text_iter_get_offset(&iter)
    }

    /// Inner padding between the border and the text, in pixels, on all sides.
    public func setTextMargins(_ pixels: Int32) {
        gtk_text_view_set_left_margin(textViewPointer, pixels)
        gtk_text_view_set_right_margin(textViewPointer, pixels)
        gtk_text_view_set_top_margin(textViewPointer, pixels)
        gtk_text_view_set_bottom_margin(textViewPointer, pixels)
    }

    /// Scrolls, once the text is laid out, as little as makes the cursor show
    /// a quarter of the view away from its edges; not at all if it shows
    /// already. Never past the text's end: a short note stays at its top.
    public func scrollToCursor() {
        let buffer = gtk_text_view_get_buffer(textViewPointer)
        gtk_text_view_scroll_to_mark(textViewPointer, gtk_text_buffer_get_insert(buffer), 0.25, 0, 0.0, 0.0)
    }

    /// Scrolls just enough that the cursor shows, as typing does: for an edit
    /// made in code for a key (GTK scrolls only for the keys it handles itself).
    public func keepCursorInView() {
        let buffer = gtk_text_view_get_buffer(textViewPointer)
        gtk_text_view_scroll_mark_onscreen(textViewPointer, gtk_text_buffer_get_insert(buffer))
    }

    /// Runs `body` with this view once GTK has measured the text's lines:
    /// for a second scroll after GTK's own. GTK measures a long text a chunk
    /// at a time while idle, and a scroll to a line it has not measured yet
    /// goes where it guesses that line is, which lands short (Ctrl+End in a
    /// long text just shown, a cursor put back far into a note). Cancel it
    /// if the person scrolls meanwhile (`ScrolledWindow.onPersonScrolls`).
    @discardableResult
    public func onceMeasured(_ body: @escaping @MainActor (TextView) -> Void) -> MainLoopSource {
        MainLoop.idle { [weak self] in  // after GTK's measuring, which runs at a higher priority
            if let self { body(self) }
            return false
        }
    }

    /// Whether the user can change the text.
    public var isEditable: Bool {
        get { gtk_text_view_get_editable(textViewPointer) != 0 }
        set { gtk_text_view_set_editable(textViewPointer, newValue ? 1 : 0) }
    }

    /// Whether the text cursor shows: only while the view has the keyboard
    /// focus in the active window, which is also when it blinks.
    public var isCursorVisible: Bool { gtk_text_view_get_cursor_visible(textViewPointer) != 0 }
}
