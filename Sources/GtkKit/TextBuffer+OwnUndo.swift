import CGtk

/// Undo and Redo kept by the buffer itself in place of GTK's history, for a
/// text that also changes from elsewhere: GTK forgets every step at such a
/// change, the buffer's own `UndoHistory` moves them past it.
extension TextBuffer {
    /// What the buffer's own history makes of an edit.
    enum UndoMode {
        /// A person's edit (or code's, in their name): a step, or part of one.
        case recording
        /// Undo or Redo putting a step's edits in: already in the history.
        case replaying
        /// A change from elsewhere: the steps move past it.
        case elsewhere
        /// The text going in or out whole: the history is cleared after it.
        case replacing
    }

    /// From now on the buffer keeps Undo's history itself: GTK keeps none,
    /// `undo()` and `redo()` take its steps back and put them back, and the
    /// edits in `withoutUndo` leave the steps they do not touch in place.
    /// The text view's own Ctrl+Z and Shift+Ctrl+Z then do nothing:
    /// `TextView.keepOwnUndoHistory()` binds them to this history.
    public func keepOwnUndoHistory() {
        guard ownUndo == nil else { return }
        gtk_text_buffer_set_enable_undo(bufferPointer, 0)
        ownUndo = UndoHistory()
        undoWatches = [
            connectInsertText { [weak self] offset, bytes in self?.willInsert(bytes, atOffset: Int(offset)) },
            onDeleteRange { [weak self] offset, length in self?.willDelete(Int(length), atOffset: Int(offset)) },
            connect("begin-user-action") { [weak self] in
                if self?.undoMode == .recording { self?.ownUndo?.beginUserAction() }
            },
            connect("end-user-action") { [weak self] in
                if self?.undoMode == .recording { self?.ownUndo?.endUserAction() }
            },
        ]
    }

    /// The buffer's own history as it is, to keep while the buffer shows
    /// other texts; nil if it has nothing to undo or redo (or the buffer
    /// keeps no history of its own).
    public var historyToKeep: KeptUndoHistory? {
        guard var history = ownUndo, canUndo || canRedo else { return nil }
        history.seal()
        return KeptUndoHistory(history: history)
    }

    /// Gives the buffer back a history kept from it (`historyToKeep`) as its
    /// own. The caller sees to it that the buffer holds the very text the
    /// history was kept with; should a step not fit the text all the same,
    /// Undo forgets the history rather than change the text wrongly.
    public func giveBack(_ kept: KeptUndoHistory) {
        guard ownUndo != nil else { return }
        ownUndo = kept.history
    }

    /// Whether Undo has a step to take back.
    public var canUndo: Bool {
        guard let ownUndo else { return gtk_text_buffer_get_can_undo(bufferPointer) != 0 }
        return !ownUndo.undoSteps.isEmpty
    }

    /// Whether Redo has a step to put back.
    public var canRedo: Bool {
        guard let ownUndo else { return gtk_text_buffer_get_can_redo(bufferPointer) != 0 }
        return !ownUndo.redoSteps.isEmpty
    }

    /// Takes the newest step back, as one user action, and puts the cursor
    /// where it was (text it puts back, more than a character, comes back
    /// selected, as a deleted selection was); false if there was none.
    @discardableResult
    public func undo() -> Bool { takeStep(back: true) }

    /// Puts the step Undo last took back in again; false if there was none.
    @discardableResult
    public func redo() -> Bool { takeStep(back: false) }

    private func takeStep(back: Bool) -> Bool {
        guard ownUndo != nil else {
            let could = back ? canUndo : canRedo
            back ? gtk_text_buffer_undo(bufferPointer) : gtk_text_buffer_redo(bufferPointer)
            return could
        }
        guard let step = back ? ownUndo?.takeStepToUndo() : ownUndo?.takeStepToRedo() else { return false }
        return replay(back ? step.edits.reversed().map(\.reversed) : step.edits, selectingWhatComesBack: back)
    }

    /// Makes `edits` one after another, as one user action (so that what
    /// follows the buffer's user actions sees one step), and leaves the
    /// cursor after the last (with `selectingWhatComesBack`, the text the
    /// last puts in selected, if it is more than a character). Each must find
    /// the text it replaces: should one not (the history no longer fits the
    /// text), nothing more is made, the history is forgotten, and the result
    /// is false.
    private func replay(_ edits: [RecordedEdit], selectingWhatComesBack: Bool) -> Bool {
        var cursor: Int?
        var selectionStart: Int?
        var fits = true
        withUndoMode(.replaying) {
            asOneUserAction {
                for edit in edits {
                    let end = edit.offset + edit.removedCount
                    guard end <= Int(characterCount),
                          text(fromOffset: Int32(edit.offset), toOffset: Int32(end)) == edit.removed else {
                        fits = false
                        return
                    }
                    if edit.removedCount > 0 { delete(fromOffset: Int32(edit.offset), length: Int32(edit.removedCount)) }
                    if edit.insertedCount > 0 { insert(edit.inserted, atOffset: Int32(edit.offset)) }
                    cursor = edit.offset + edit.insertedCount
                    selectionStart = selectingWhatComesBack && edit.insertedCount > 1 ? edit.offset : nil
                }
            }
        }
        if let cursor { select(insert: Int32(cursor), bound: Int32(selectionStart ?? cursor)) }
        if !fits { ownUndo?.clear() }
        return fits
    }

    func withUndoMode(_ mode: UndoMode, _ body: () -> Void) {
        let outer = undoMode
        undoMode = mode
        defer { undoMode = outer }
        body()
    }

    private func willInsert(_ bytes: UnsafeBufferPointer<UInt8>, atOffset offset: Int) {
        switch undoMode {
        case .recording: ownUndo?.record(RecordedEdit(offset: offset, removed: "", inserted: String(decoding: bytes, as: UTF8.self)))
        case .elsewhere: ownUndo?.textChangedElsewhere(atOffset: offset, removing: 0, inserting: UTF8Scalars.count(in: bytes))
        case .replaying, .replacing: break
        }
    }

    private func willDelete(_ length: Int, atOffset offset: Int) {
        switch undoMode {
        case .recording:
            let removed = text(fromOffset: Int32(offset), toOffset: Int32(offset + length))
            ownUndo?.record(RecordedEdit(offset: offset, removed: removed, inserted: ""))
        case .elsewhere: ownUndo?.textChangedElsewhere(atOffset: offset, removing: length, inserting: 0)
        case .replaying, .replacing: break
        }
    }
}
