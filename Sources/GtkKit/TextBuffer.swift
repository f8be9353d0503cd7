import CGtk

/// A GtkTextBuffer: the text a `TextView` shows and edits.
@MainActor
public final class TextBuffer: Object {
    var bufferPointer: UnsafeMutablePointer<GtkTextBuffer> { cgtk_as_text_buffer(objectPointer) }

    /// The whole text. GTK takes about 30 ms to hand over 20 MB, so only
    /// what changed since it was last read (or told) is read again: the rest
    /// is the known text's.
    public var text: String {
        get {
            if let known, let current = known.currentText(characterCount: Int(characterCount), readBetween: {
                text(fromOffset: Int32($0), toOffset: Int32($1))
            }) {
                if known.isEdited {
                    assert(current == wholeTextFromGTK(), "the text pieced together is the buffer's")
                    knowsItsText(current)
                }
                return current
            }
            let whole = wholeTextFromGTK()
            // Hidden text and embedded widgets are left out of what GTK hands
            // over, yet count as characters: such a text cannot be pieced together.
            let scalars = whole.utf8.withContiguousStorageIfAvailable(UTF8Scalars.count(in:))
            if scalars == Int(characterCount) { knowsItsText(whole) } else { known = nil }
            return whole
        }
        set {
            // Setting the text is never undone (GTK clears Undo's history).
            withUndoOff { gtk_text_buffer_set_text(bufferPointer, newValue, -1) }
        }
    }

    /// The whole text as last read, until anything changes the buffer.
    var knownText: String? { known?.isEdited == false ? known?.text : nil }
    private var known: KnownText?
    /// The stretch of characters edited since the text was last read, which
    /// a read takes from GTK; nil if none was, or the text is read whole.
    var editedSinceRead: Range<Int>? {
        guard let known, known.isEdited else { return nil }
        return known.unchangedPrefix..<(known.expectedCount - known.unchangedSuffix)
    }
    /// Insertions and deletions seen about to happen whose "changed" has not come yet.
    private var editsUnderway = 0

    /// Undo's steps, once the buffer keeps its own (`keepOwnUndoHistory()`).
    var ownUndo: UndoHistory? {
        didSet {
            let availability = (ownUndo?.undoSteps.isEmpty == false, ownUndo?.redoSteps.isEmpty == false)
            guard availability != undoAvailability else { return }
            undoAvailability = availability
            onUndoAvailabilityChange?()
        }
    }
    private var undoAvailability = (false, false)
    /// Called when the buffer's own history comes to have, or no longer has,
    /// a step to undo or to redo (`canUndo`, `canRedo`).
    public var onUndoAvailabilityChange: (@MainActor () -> Void)?
    /// What the buffer's own history makes of the edits now.
    var undoMode = UndoMode.recording
    var undoWatches: [SignalConnection] = []

    /// How many changes the buffer has had (each insertion and deletion, an
    /// undo's and a redo's too) since `countChanges`.
    private(set) var changes = 0
    private var changeWatches: [SignalConnection] = []

    /// Tells the buffer its whole text is `text`: the caller put exactly that
    /// in (piece by piece, say) and nothing else changed it meanwhile.
    public func knowsItsText(_ text: String) {
        countChanges()
        known = KnownText(text, characterCount: Int(characterCount))
        // Told inside an edit's handlers, the buffer cannot know whether the
        // edit is in `text`: its "changed" lets the text go, to be read again.
        editsUnderway = 0
    }

    /// Counts the buffer's changes from now on, and follows where each
    /// insertion and deletion is made, if it does not yet.
    func countChanges() {
        guard changeWatches.isEmpty else { return }
        changeWatches = [
            connect("changed") { [weak self] in self?.changed() },
            connectInsertedCharacters { [weak self] offset, count in
                self?.willChange(atOffset: offset, removing: 0, inserting: count)
            },
            onDeleteRange { [weak self] offset, length in
                self?.willChange(atOffset: Int(offset), removing: Int(length), inserting: 0)
            },
        ]
    }

    private func willChange(atOffset offset: Int, removing removed: Int, inserting inserted: Int) {
        editsUnderway += 1
        known?.willReplace(atOffset: offset, removing: removed, inserting: inserted)
        if let known, known.unchangedPrefix == 0, known.unchangedSuffix == 0 {
            self.known = nil  // nothing of it is left: it is not kept alive for nothing
        }
    }

    private func changed() {
        changes += 1
        if editsUnderway > 0 {
            editsUnderway -= 1
        } else {
            known = nil  // a change of a kind not followed (an embedded image, say)
        }
    }

    /// `text`, read when the buffer had had `changes` changes, is its whole
    /// text if it has had no more since.
    func knowsItsText(_ text: String, ifNoChangeSince changes: Int) {
        if !changeWatches.isEmpty, changes == self.changes { knowsItsText(text) }
    }

    /// How many characters a read of the whole text takes from GTK: those
    /// edited since it was last read (or told), or all of them.
    public var charactersToRead: Int32 {
        guard let known, known.expectedCount == Int(characterCount) else { return characterCount }
        return Int32(clamping: editedSinceRead?.count ?? 0)
    }

    /// How many characters the text has.
    public var characterCount: Int32 { gtk_text_buffer_get_char_count(bufferPointer) }

    /// The first `length` characters (all of them if there are fewer).
    public func text(prefixLength length: Int32) -> String { text(fromOffset: 0, toOffset: length) }

    /// The line holding character `offset`: where it starts and ends (before
    /// its line break), as character offsets, and its text.
    public func line(containing offset: Int32) -> (start: Int32, end: Int32, text: String) {
        var start = GtkTextIter()
        gtk_text_buffer_get_iter_at_offset(bufferPointer, &start, offset)
        gtk_text_iter_set_line_offset(&start, 0)
        var end = start
        if gtk_text_iter_ends_line(&end) == 0 { gtk_text_iter_forward_to_line_end(&end) }
        return (gtk_text_iter_get_offset(&start), gtk_text_iter_get_offset(&end), text(from: &start, to: &end))
    }

    /// The text between two character offsets.
    public func text(fromOffset startOffset: Int32, toOffset endOffset: Int32) -> String {
        var start = GtkTextIter()
        var end = GtkTextIter()
        gtk_text_buffer_get_iter_at_offset(bufferPointer, &start, startOffset)
        gtk_text_buffer_get_iter_at_offset(bufferPointer, &end, endOffset)
        return text(from: &start, to: &end)
    }

    /// The whole text, as GTK hands it over.
    private func wholeTextFromGTK() -> String {
        var start = GtkTextIter()
        var end = GtkTextIter()
        gtk_text_buffer_get_bounds(bufferPointer, &start, &end)
        return text(from: &start, to: &end)
    }

    /// The text between two positions: every character, text a tag hides too
    /// (it is no less the note's).
    private func text(from start: inout GtkTextIter, to end: inout GtkTextIter) -> String {
        guard let chars = gtk_text_buffer_get_text(bufferPointer, &start, &end, 1) else { return "" }
        defer { g_free(chars) }
        return String(cString: chars)
    }

    /// Gives the text in `ranges` (character offsets) the background `color`
    /// (a CSS colour) under the tag `name`, and takes that tag off all other
    /// text: a highlight, such as a search's matches. The text does not change.
    public func highlight(_ ranges: [Range<Int32>], tag name: String, background color: String) {
        guard let tag = cgtk_text_buffer_background_tag(bufferPointer, name, color) else { return }
        var start = GtkTextIter()
        var end = GtkTextIter()
        gtk_text_buffer_get_bounds(bufferPointer, &start, &end)
        gtk_text_buffer_remove_tag(bufferPointer, tag, &start, &end)
        for range in ranges {
            gtk_text_buffer_get_iter_at_offset(bufferPointer, &start, range.lowerBound)
            gtk_text_buffer_get_iter_at_offset(bufferPointer, &end, range.upperBound)
            gtk_text_buffer_apply_tag(bufferPointer, tag, &start, &end)
        }
    }

    /// Whether some text is selected.
    public var hasSelection: Bool { gtk_text_buffer_get_has_selection(bufferPointer) != 0 }

    /// Runs `body`'s edits as one user action: one step for Undo, as if typed.
    public func asOneUserAction(_ body: () -> Void) {
        beginUserAction()
        body()
        endUserAction()
    }

    /// Starts a user action: the edits up to the matching `endUserAction()`
    /// are one step for Undo. User actions nest; only the outermost counts.
    public func beginUserAction() { gtk_text_buffer_begin_user_action(bufferPointer) }

    /// Ends the user action `beginUserAction()` started.
    public func endUserAction() { gtk_text_buffer_end_user_action(bufferPointer) }

    /// Calls `began` before each step of the text's edits that is one step
    /// for Undo, and `ended` after it: an outermost user action (typing, a
    /// paste, a user action from code), and an undo or redo, whose edits
    /// GTK makes outside any user action.
    public func onUndoStep(began: @escaping @MainActor () -> Void, ended: @escaping @MainActor () -> Void) {
        connect("begin-user-action", began)
        connect("end-user-action", ended)
        for signal in ["undo", "redo"] {
            connect(signal, began)
            connect(signal, after: true, ended)
        }
    }

    /// Moves the cursor (and clears the selection) to a character offset; -1 is the end.
    public func placeCursor(atOffset offset: Int32) {
        var iter = GtkTextIter()
        gtk_text_buffer_get_iter_at_offset(bufferPointer, &iter, offset)
        guard !selects(from: iter, to: iter) else { return }
        gtk_text_buffer_place_cursor(bufferPointer, &iter)
    }

    /// Whether the selection already runs from `bound` to `insert` (the cursor
    /// alone there, if they are equal). Moving the cursor where it is changes
    /// nothing, yet a text view showing the buffer lays the cursor's paragraph
    /// out again at once, to tell the input method where it is: text set in a
    /// new window leaves the cursor at its end, where the window then placed
    /// it, and restoring its state placed it there once more.
    private func selects(from bound: GtkTextIter, to insert: GtkTextIter) -> Bool {
        var (cursor, selectionBound, wantedCursor, wantedBound) = (GtkTextIter(), GtkTextIter(), insert, bound)
        gtk_text_buffer_get_iter_at_mark(bufferPointer, &cursor, gtk_text_buffer_get_insert(bufferPointer))
        gtk_text_buffer_get_iter_at_mark(bufferPointer, &selectionBound, gtk_text_buffer_get_selection_bound(bufferPointer))
        return gtk_text_iter_equal(&cursor, &wantedCursor) != 0 && gtk_text_iter_equal(&selectionBound, &wantedBound) != 0
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

    /// The selection as character offsets (insert, bound); equal when nothing is selected.
    public var selectionOffsets: (insert: Int32, bound: Int32) {
        var insert = GtkTextIter()
        var bound = GtkTextIter()
        gtk_text_buffer_get_iter_at_mark(bufferPointer, &insert, gtk_text_buffer_get_insert(bufferPointer))
        gtk_text_buffer_get_iter_at_mark(bufferPointer, &bound, gtk_text_buffer_get_selection_bound(bufferPointer))
        return (gtk_text_iter_get_offset(&insert), gtk_text_iter_get_offset(&bound))
    }

    /// Selects from `bound` to `insert` (the cursor end), by character offsets.
    public func select(insert: Int32, bound: Int32) {
        var insertIter = GtkTextIter()
        var boundIter = GtkTextIter()
        gtk_text_buffer_get_iter_at_offset(bufferPointer, &insertIter, insert)
        gtk_text_buffer_get_iter_at_offset(bufferPointer, &boundIter, bound)
        guard !selects(from: boundIter, to: insertIter) else { return }
        gtk_text_buffer_select_range(bufferPointer, &insertIter, &boundIter)
    }

    /// Calls `handler` whenever the cursor moves.
    @discardableResult
    public func onCursorMoved(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        observe(property: "cursor-position", handler)
    }

    /// Inserts `text` at character `offset` (clamped to the text).
    public func insert(_ text: String, atOffset offset: Int32) {
        var iter = GtkTextIter()
        gtk_text_buffer_get_iter_at_offset(bufferPointer, &iter, offset)
        gtk_text_buffer_insert(bufferPointer, &iter, text, -1)
    }

    /// Removes `length` characters starting at character `offset` (clamped to the text).
    public func delete(fromOffset offset: Int32, length: Int32) {
        var start = GtkTextIter()
        var end = GtkTextIter()
        gtk_text_buffer_get_iter_at_offset(bufferPointer, &start, offset)
        gtk_text_buffer_get_iter_at_offset(bufferPointer, &end, offset + length)
        gtk_text_buffer_delete(bufferPointer, &start, &end)
    }

    /// Runs `body` with Undo off: its edits are never undone, and Undo's
    /// history so far is cleared. Within an irreversible action, GTK still
    /// copies out every text an edit replaces for Undo (40 ms for 20 MB).
    public func withUndoOff(_ body: () -> Void) {
        if ownUndo != nil {
            withUndoMode(.replacing, body)
            ownUndo?.clear()
            return
        }
        let undoes = gtk_text_buffer_get_enable_undo(bufferPointer) != 0
        if undoes { gtk_text_buffer_set_enable_undo(bufferPointer, 0) }
        body()
        if undoes { gtk_text_buffer_set_enable_undo(bufferPointer, 1) }
    }

    /// Runs `body` as one change that undo skips (edits that came from
    /// elsewhere). GTK forgets its whole history then; the buffer's own
    /// history moves its steps past the edits (see `UndoHistory`).
    public func withoutUndo(_ body: () -> Void) {
        if ownUndo != nil { return withUndoMode(.elsewhere, body) }
        gtk_text_buffer_begin_irreversible_action(bufferPointer)
        defer { gtk_text_buffer_end_irreversible_action(bufferPointer) }
        body()
    }

    /// Calls `handler(offset, text)` just before text is inserted at character `offset`.
    @discardableResult
    public func onInsertText(_ handler: @escaping @MainActor (Int32, String) -> Void) -> SignalConnection {
        connectInsertText { offset, bytes in handler(offset, String(decoding: bytes, as: UTF8.self)) }
    }

    /// Calls `handler(offset, length)` just before `length` characters from `offset` are removed.
    @discardableResult
    public func onDeleteRange(_ handler: @escaping @MainActor (Int32, Int32) -> Void) -> SignalConnection {
        connectBoxed(handler) { data, release in
            cgtk_signal_connect_delete_range(objectPointer, { _, start, end, data in
                guard let start, let end else { return }
                let from = gtk_text_iter_get_offset(start)
                let length = gtk_text_iter_get_offset(end) - from
                MainActor.assumeIsolated { ClosureBox<@MainActor (Int32, Int32) -> Void>.from(data).closure(from, length) }
            }, data, release)
        }
    }

    /// Calls `handler(offset, count)` just before `count` characters are
    /// inserted at character `offset`, without making a string of them.
    private func connectInsertedCharacters(_ handler: @escaping @MainActor (Int, Int) -> Void) -> SignalConnection {
        connectInsertText { offset, bytes in handler(Int(offset), UTF8Scalars.count(in: bytes)) }
    }

    /// Calls `handler(offset, bytes)` just before the UTF-8 `bytes` (valid
    /// only during the call) are inserted at character `offset`.
    func connectInsertText(
        _ handler: @escaping @MainActor (Int32, UnsafeBufferPointer<UInt8>) -> Void
    ) -> SignalConnection {
        connectBoxed(handler) { data, release in
            cgtk_signal_connect_insert_text(objectPointer, { _, location, text, length, data in
                guard let location, let text else { return }
                let offset = gtk_text_iter_get_offset(location)
                let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(text).assumingMemoryBound(to: UInt8.self), count: Int(length))
                MainActor.assumeIsolated { ClosureBox<@MainActor (Int32, UnsafeBufferPointer<UInt8>) -> Void>.from(data).closure(offset, bytes) }
            }, data, release)
        }
    }
}
