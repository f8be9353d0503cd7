import Testing
import TestSupport
@testable import GtkKit

/// A text buffer that keeps its own Undo history: typing is taken back and
/// put back a word at a time, and a change from elsewhere leaves the steps
/// it did not touch in place, where GTK's history would forget them all.
@MainActor
@Suite("Text buffer's own undo history")
struct TextBufferOwnUndoTests {
    init() throws {
        try TestToolkit.start()
    }

    private func type(_ text: String, at offset: Int32, into buffer: TextBuffer) {
        for (index, character) in text.unicodeScalars.enumerated() {
            buffer.asOneUserAction { buffer.insert(String(character), atOffset: offset + Int32(index)) }
        }
    }

    @Test("a word undone, then text added elsewhere at the same place, comes back with Redo, after that text")
    func redoAfterChangeElsewhere() {
        let buffer = TextView().buffer
        buffer.keepOwnUndoHistory()
        buffer.text = "Notes"
        #expect(!buffer.canUndo, "a text put in is never undone")
        type(" wfirst", at: 5, into: buffer)
        #expect(buffer.undo())
        #expect(buffer.text == "Notes")
        buffer.withoutUndo { buffer.insert(" wother", atOffset: 5) }  // another process's word, merged in
        #expect(buffer.canRedo)
        #expect(buffer.redo())
        #expect(buffer.text == "Notes wother wfirst")
        #expect(buffer.cursorOffset == 19, "the cursor is after the word put back")
        #expect(buffer.undo())
        #expect(buffer.text == "Notes wother", "Undo takes back this buffer's word, never the other's")
        #expect(!buffer.undo())
        #expect(buffer.text == "Notes wother")
    }

    @Test("a deleted selection comes back selected with Undo and goes again with Redo; a whole new text clears the history")
    func deletionsAndNewText() {
        let buffer = TextView().buffer
        buffer.keepOwnUndoHistory()
        buffer.text = "日本 notes ✍️"
        buffer.asOneUserAction { buffer.delete(fromOffset: 3, length: 5) }
        #expect(buffer.text == "日本  ✍️")
        buffer.withoutUndo { buffer.delete(fromOffset: 0, length: 1) }
        #expect(buffer.undo())
        #expect(buffer.text == "本 notes ✍️")
        #expect(buffer.selectionOffsets == (insert: 7, bound: 2), "what came back is selected")
        #expect(buffer.redo())
        #expect(buffer.text == "本  ✍️")
        buffer.text = "other"
        #expect(!buffer.canUndo && !buffer.canRedo)
    }

    @Test("a history kept while the buffer shows another text, given back with that text, takes its steps again; a word typed after it is a step of its own")
    func historyKeptAndGivenBack() throws {
        let buffer = TextView().buffer
        buffer.keepOwnUndoHistory()
        #expect(buffer.historyToKeep == nil, "nothing to keep yet")
        buffer.text = "Plan"
        type(" one", at: 4, into: buffer)
        let kept = try #require(buffer.historyToKeep)
        buffer.text = "another note"
        #expect(!buffer.canUndo)
        buffer.text = "Plan one"
        buffer.giveBack(kept)
        #expect(buffer.canUndo)
        type(" two", at: 8, into: buffer)
        #expect(buffer.undo())
        #expect(buffer.text == "Plan one", "the word typed after it is a step of its own, not joined to the kept one")
        #expect(buffer.undo())
        #expect(buffer.text == "Plan")
        #expect(buffer.redo() && buffer.text == "Plan one")
    }

    @Test("random edits, changes elsewhere, undos and redos: every step finds its text, and puts back what it took out between the characters it was typed or deleted between")
    func randomEdits() throws {
        let buffer = TextView().buffer
        buffer.keepOwnUndoHistory()
        // Every character ever put in is a different one, so each can be followed.
        var nextScalar: UInt32 = 0x4E00
        func fresh() -> String {
            defer { nextScalar += 1 }
            return String(UnicodeScalar(nextScalar)!)
        }
        buffer.text = (0..<20).map { _ in fresh() }.joined()
        // The characters each one was typed, or deleted, between.
        var neighbours: [Character: (left: Character?, right: Character?)] = [:]
        func noteNeighbours(of range: Range<Int>, in text: [Character]) {
            for index in range {
                neighbours[text[index]] = (range.lowerBound > 0 ? text[range.lowerBound - 1] : nil,
                                           range.upperBound < text.count ? text[range.upperBound] : nil)
            }
        }
        /// Each character the step put in or took out is in the text or not as
        /// `present` says, between its neighbours where both are still there.
        func check(_ step: UndoStep, present: Bool) {
            let text = Array(buffer.text)
            let position = Dictionary(uniqueKeysWithValues: text.enumerated().map { ($1, $0) })
            for edit in step.edits {
                for character in edit.inserted { #expect((position[character] != nil) == present) }
                for character in edit.removed { #expect((position[character] != nil) == !present) }
            }
            for character in step.edits.flatMap({ present ? Array($0.inserted) : Array($0.removed) }) {
                guard let index = position[character], let around = neighbours[character],
                      let left = around.left.flatMap({ position[$0] }), let right = around.right.flatMap({ position[$0] }) else { continue }
                #expect(left < index && index < right, "\(character) is back between \(around.left!) and \(around.right!)")
            }
        }
        var generator = SeededGenerator(seed: 20_261_125)
        var lastOffset = 0
        for _ in 0..<4_000 {
            let count = Int(buffer.characterCount)
            // Edits close together, half the time: where steps and changes meet.
            let near = Bool.random(using: &generator) ? lastOffset + Int.random(in: -3...3, using: &generator) : nil
            let offset = min(max(near ?? Int.random(in: 0...count, using: &generator), 0), count)
            lastOffset = offset
            let length = min(Int.random(in: 0...3, using: &generator), count - offset)
            switch Int.random(in: 0..<10, using: &generator) {
            case 0..<3:
                type(fresh() + fresh(), at: Int32(offset), into: buffer)
                noteNeighbours(of: offset..<(offset + 2), in: Array(buffer.text))
            case 3:
                noteNeighbours(of: offset..<(offset + length), in: Array(buffer.text))
                buffer.asOneUserAction { buffer.delete(fromOffset: Int32(offset), length: Int32(length)) }
            case 4..<6:
                buffer.withoutUndo {
                    buffer.delete(fromOffset: Int32(offset), length: Int32(length))
                    buffer.insert(fresh(), atOffset: Int32(offset))
                }
            case 6..<8:
                for _ in 0..<Int.random(in: 1...3, using: &generator) {
                    guard let step = buffer.ownUndo?.undoSteps.last else { break }
                    #expect(buffer.undo(), "the step to undo finds its text")
                    check(step, present: false)
                }
            default:
                for _ in 0..<Int.random(in: 1...3, using: &generator) {
                    guard let step = buffer.ownUndo?.redoSteps.last else { break }
                    #expect(buffer.redo(), "the step to redo finds its text")
                    check(step, present: true)
                }
            }
        }
    }
}
