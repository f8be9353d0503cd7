/// What one Undo takes back: the edits of one user action (a key, a paste,
/// a list item made), or of a run of typing or deleting joined into one.
struct UndoStep: Equatable {
    /// The edits in the order they were made, each on the text the one
    /// before it left.
    var edits: [RecordedEdit]
    /// Whether later typing may still join it: not once it was undone,
    /// redone, or the text changed from elsewhere after it.
    var isOpen = true

    /// Whether the single `edit` continues this step, as a person typing or
    /// deleting on would expect: characters typed one after another, up to
    /// the next word (a space or tab starts a new step, the space joining
    /// only other spaces) or line (a line break ends the step it is typed
    /// in); or characters taken out one after another with Backspace or
    /// Delete.
    func isContinued(by edit: RecordedEdit) -> Bool {
        guard isOpen, let last = edits.last else { return false }
        if edit.isOneCharacterTyped, edits.allSatisfy(\.isOneCharacterTyped) {
            guard edit.offset == last.offset + 1, last.inserted != "\n" else { return false }
            return !UndoStep.isSpace(edit.inserted) || UndoStep.isSpace(last.inserted)
        }
        if edit.isOneCharacterDeleted, edits.allSatisfy(\.isOneCharacterDeleted) {
            return edit.offset + 1 == last.offset || edit.offset == last.offset
        }
        return false
    }

    private static func isSpace(_ text: String) -> Bool { text == " " || text == "\t" }
}
