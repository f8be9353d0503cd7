import Testing
@testable import GtkKit

/// Undo's own history: how typing makes steps, and how steps move past a
/// change made from elsewhere, or are forgotten when it touched them.
@Suite("Undo history")
struct UndoHistoryTests {
    /// Records `text` typed at `offset` one character at a time, each its own user action.
    private func type(_ text: String, at offset: Int, into history: inout UndoHistory) {
        for (index, character) in text.unicodeScalars.enumerated() {
            history.beginUserAction()
            history.record(RecordedEdit(offset: offset + index, removed: "", inserted: String(character)))
            history.endUserAction()
        }
    }

    private func typed(_ history: UndoHistory) -> [String] {
        history.undoSteps.map { $0.edits.map(\.inserted).joined() }
    }

    @Test("typing makes a step a word: a space starts one, a line break ends one, spaces join spaces")
    func typingSteps() {
        var history = UndoHistory()
        type("Shopping\nbread and  jam", at: 0, into: &history)
        #expect(typed(history) == ["Shopping\n", "bread", " and", "  jam"])
    }

    @Test("Backspace and Delete runs are one step; a user action of several edits is one step, never joined")
    func deletingAndUserActions() {
        var history = UndoHistory()
        for offset in [9, 8, 7] {  // Backspace, Backspace, Backspace
            history.record(RecordedEdit(offset: offset, removed: "x", inserted: ""))
        }
        history.record(RecordedEdit(offset: 7, removed: "y", inserted: ""))  // Delete
        history.beginUserAction()
        history.record(RecordedEdit(offset: 3, removed: " ", inserted: ""))
        history.beginUserAction()  // nested
        history.record(RecordedEdit(offset: 3, removed: "", inserted: "x"))
        history.endUserAction()
        history.endUserAction()
        history.record(RecordedEdit(offset: 4, removed: "", inserted: "a"))
        #expect(history.undoSteps.map(\.edits.count) == [4, 2, 1])
    }

    @Test("a change elsewhere before a step moves it, after it leaves it, over it forgets it and everything older")
    func undoStepsMovePastChanges() {
        var history = UndoHistory()
        type("one", at: 0, into: &history)
        type(" two", at: 3, into: &history)
        type(" three", at: 7, into: &history)  // "one two three"
        history.textChangedElsewhere(atOffset: 0, removing: 0, inserting: 2)  // "> one two three"
        #expect(history.undoSteps.map { $0.edits[0].offset } == [2, 5, 9])
        history.textChangedElsewhere(atOffset: 15, removing: 0, inserting: 1)  // at the very end
        #expect(history.undoSteps.map { $0.edits[0].offset } == [2, 5, 9])
        history.textChangedElsewhere(atOffset: 6, removing: 2, inserting: 0)  // "tw" of two
        #expect(typed(history) == [" three"], "the steps of one and two are gone; three's stays")
        #expect(history.undoSteps[0].edits[0].offset == 7)
        #expect(history.undoSteps[0].isOpen == false, "typing after a change elsewhere starts a step")
    }

    @Test("steps to redo move past a change elsewhere too: a word undone comes back after a word added at the same place")
    func redoStepsMovePastChanges() throws {
        var history = UndoHistory()
        type("alpha", at: 0, into: &history)
        type(" beta", at: 5, into: &history)
        _ = history.takeStepToUndo()  // "alpha"
        _ = history.takeStepToUndo()  // ""
        history.textChangedElsewhere(atOffset: 0, removing: 0, inserting: 4)  // "Top " typed elsewhere
        let redoneFirst = history.takeStepToRedo()
        let first = try #require(redoneFirst)
        #expect(first.edits.map(\.offset) == [4, 5, 6, 7, 8])
        history.textChangedElsewhere(atOffset: 9, removing: 0, inserting: 3)  // at the end, where beta goes
        let redoneSecond = history.takeStepToRedo()
        let second = try #require(redoneSecond)
        #expect(second.edits.first?.offset == 12, "beta goes after what was added where it goes")
        _ = history.takeStepToUndo()  // "Top alphaxyz"
        history.textChangedElsewhere(atOffset: 3, removing: 4, inserting: 0)  // into alpha's text
        #expect(history.undoSteps.isEmpty, "alpha's step, whose text the change took a part of, is gone")
        #expect(history.redoSteps.map { $0.edits[0].offset } == [8], "beta's, untouched, moves")
        history.textChangedElsewhere(atOffset: 7, removing: 2, inserting: 0)  // where beta goes
        #expect(history.redoSteps.isEmpty)
    }

    @Test("a new edit clears Redo; the oldest steps go beyond the limit")
    func newEditsAndLimit() {
        var history = UndoHistory()
        type("a b", at: 0, into: &history)
        _ = history.takeStepToUndo()
        #expect(history.redoSteps.count == 1)
        type("c", at: 1, into: &history)
        #expect(history.redoSteps.isEmpty)
        for index in 0..<(UndoHistory.stepLimit + 5) {
            history.record(RecordedEdit(offset: index, removed: "", inserted: "word \(index)"))
        }
        #expect(history.undoSteps.count == UndoHistory.stepLimit)
        #expect(history.undoSteps.first?.edits.first?.inserted == "word 5")
    }
}
