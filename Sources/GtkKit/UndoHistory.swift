/// The steps Undo can take back and Redo put back, for one text. Unlike
/// GTK's own history, which it forgets whole at any change Undo must skip,
/// this one moves each step past a change made from elsewhere (another
/// process's edit merged in) and forgets only the steps that change touched:
/// a word undone just before another window's save can still be redone.
struct UndoHistory {
    /// The steps to undo, the newest last.
    private(set) var undoSteps: [UndoStep] = []
    /// The steps to redo, the next one last.
    private(set) var redoSteps: [UndoStep] = []
    /// The edits of the user action under way.
    private var openEdits: [RecordedEdit] = []
    /// How deep user actions nest now (only the outermost one is a step).
    private var userActionDepth = 0
    /// The most steps kept: the oldest go beyond it.
    static let stepLimit = 1_000

    /// A user action begins: its edits, until its end, are one step.
    mutating func beginUserAction() {
        userActionDepth += 1
    }

    /// The user action ends.
    mutating func endUserAction() {
        guard userActionDepth > 0 else { return }
        userActionDepth -= 1
        if userActionDepth == 0 { closeUserAction() }
    }

    /// Records an edit a person made (in a user action, or alone as a step).
    mutating func record(_ edit: RecordedEdit) {
        openEdits.append(edit)
        if userActionDepth == 0 { closeUserAction() }
    }

    private mutating func closeUserAction() {
        let edits = openEdits
        openEdits = []
        guard !edits.isEmpty else { return }
        redoSteps.removeAll()
        if edits.count == 1, let last = undoSteps.last, last.isContinued(by: edits[0]) {
            undoSteps[undoSteps.count - 1].edits.append(edits[0])
        } else {
            undoSteps.append(UndoStep(edits: edits))
            if undoSteps.count > UndoHistory.stepLimit { undoSteps.removeFirst(undoSteps.count - UndoHistory.stepLimit) }
        }
    }

    /// Takes the newest step off for Undo (it becomes the next to redo).
    mutating func takeStepToUndo() -> UndoStep? {
        closeUserAction()
        guard var step = undoSteps.popLast() else { return nil }
        step.isOpen = false
        redoSteps.append(step)
        return step
    }

    /// Takes the next step off for Redo (it becomes the newest to undo).
    mutating func takeStepToRedo() -> UndoStep? {
        guard let step = redoSteps.popLast() else { return nil }
        undoSteps.append(step)
        return step
    }

    /// Ends the user action under way, if any, and closes the newest step
    /// to later typing: the history is kept aside as it is.
    mutating func seal() {
        closeUserAction()
        if !undoSteps.isEmpty { undoSteps[undoSteps.count - 1].isOpen = false }
    }

    /// Forgets every step.
    mutating func clear() {
        undoSteps = []
        redoSteps = []
        openEdits = []
    }

    /// The text changed from elsewhere: `removed` characters at `offset`
    /// were replaced by `inserted` ones, outside Undo. Each step moves past
    /// the change; a step whose text the change touched, and every step
    /// beyond it (older, to undo; later, to redo), is forgotten, since
    /// taking it back would no longer give the text it left.
    mutating func textChangedElsewhere(atOffset offset: Int, removing removed: Int, inserting inserted: Int) {
        closeUserAction()
        var change = (offset: offset, removed: removed, inserted: inserted)
        for index in undoSteps.indices.reversed() where !UndoHistory.move(&undoSteps[index], pastChange: &change, toUndo: true) {
            undoSteps.removeFirst(index + 1)
            break
        }
        if !undoSteps.isEmpty { undoSteps[undoSteps.count - 1].isOpen = false }
        change = (offset, removed, inserted)
        for index in redoSteps.indices.reversed() where !UndoHistory.move(&redoSteps[index], pastChange: &change, toUndo: false) {
            redoSteps.removeFirst(index + 1)
            break
        }
    }

    private typealias Change = (offset: Int, removed: Int, inserted: Int)

    /// Moves a step past `change`. A step to undo comes before the change: the
    /// change is on the text the step left, and becomes the same change on the
    /// text before the step. A step to redo comes after it: the change is on
    /// the text before the step, and becomes the same change on the text the
    /// step leaves. False if the change touched the text the step would
    /// replace (what it put in, to undo; what it takes out, to redo).
    private static func move(_ step: inout UndoStep, pastChange change: inout Change, toUndo: Bool) -> Bool {
        let order = toUndo ? Array(step.edits.indices.reversed()) : Array(step.edits.indices)
        for index in order {
            let edit = step.edits[index]
            let (replaced, replacing) = toUndo ? (edit.insertedCount, edit.removedCount) : (edit.removedCount, edit.insertedCount)
            if change.offset + change.removed <= edit.offset {
                step.edits[index].offset += change.inserted - change.removed
            } else if change.offset >= edit.offset + replaced {
                change.offset += replacing - replaced
            } else {
                return false
            }
        }
        return true
    }
}
