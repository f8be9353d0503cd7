/// One change a step of Undo made to a text: `removed`, the characters
/// from `offset`, replaced by `inserted`. Offsets and counts are in Unicode
/// scalars, as GTK counts a text's characters.
struct RecordedEdit: Equatable {
    /// Where the change starts, in the text as it was just before it.
    var offset: Int
    /// The text it took out.
    let removed: String
    /// The text it put in.
    let inserted: String
    /// How many characters it took out.
    let removedCount: Int
    /// How many characters it put in.
    let insertedCount: Int

    init(offset: Int, removed: String, inserted: String) {
        self.offset = offset
        self.removed = removed
        self.inserted = inserted
        removedCount = removed.unicodeScalars.count
        insertedCount = inserted.unicodeScalars.count
    }

    /// The edit that takes this one back.
    var reversed: RecordedEdit { RecordedEdit(offset: offset, removed: inserted, inserted: removed) }

    /// Whether this is one character typed, as a key types it.
    var isOneCharacterTyped: Bool { removedCount == 0 && insertedCount == 1 }

    /// Whether this is one character taken out, as Backspace or Delete does.
    var isOneCharacterDeleted: Bool { removedCount == 1 && insertedCount == 0 }
}
