/// A text buffer's whole text as last read or told, and how much of it the
/// buffer still holds unchanged since: the characters before the first
/// place any edit touched, and those after the last. The buffer's text is
/// then those two parts of the known text around what GTK hands over for
/// the edited stretch between them, so a few words typed into a 20 MB note
/// cost a read of a few words and a copy, not GTK's 30 ms for all of it.
struct KnownText {
    /// The text as last read or told.
    let text: String
    /// How many characters (Unicode scalars, as GTK counts them) the buffer
    /// should hold now, if every edit since was seen.
    private(set) var expectedCount: Int
    /// How many characters at the start of the buffer are still the text's first ones.
    private(set) var unchangedPrefix: Int
    /// How many at its end are still the text's last ones.
    private(set) var unchangedSuffix: Int
    /// Whether any edit came since.
    private(set) var isEdited = false

    /// The buffer holds `text`, `characterCount` characters.
    init(_ text: String, characterCount: Int) {
        self.text = text
        expectedCount = characterCount
        unchangedPrefix = characterCount
        unchangedSuffix = characterCount
    }

    /// `removed` characters from `offset` are about to be replaced by `inserted` ones.
    mutating func willReplace(atOffset offset: Int, removing removed: Int, inserting inserted: Int) {
        unchangedPrefix = max(0, min(unchangedPrefix, offset))
        unchangedSuffix = max(0, min(unchangedSuffix, expectedCount - offset - removed))
        expectedCount += inserted - removed
        isEdited = true
    }

    /// The buffer's whole text, if it holds `characterCount` characters as
    /// expected: the unchanged start and end of the known text around what
    /// `readBetween(start, end)` (character offsets in the buffer) reads.
    func currentText(characterCount: Int, readBetween: (Int, Int) -> String) -> String? {
        guard characterCount == expectedCount else { return nil }
        guard isEdited else { return text }
        let editedEnd = expectedCount - unchangedSuffix
        guard unchangedPrefix <= editedEnd else { return nil }
        guard unchangedPrefix > 0 || unchangedSuffix > 0 else { return readBetween(0, expectedCount) }
        let bounds = text.utf8.withContiguousStorageIfAvailable { bytes in
            (UTF8Scalars.byteOffset(ofScalar: unchangedPrefix, in: bytes),
             UTF8Scalars.byteOffset(ofLast: unchangedSuffix, in: bytes))
        }
        guard let (head, tail) = bounds, head <= tail else { return nil }
        let utf8 = text.utf8
        let headEnd = utf8.index(utf8.startIndex, offsetBy: head)
        let tailStart = utf8.index(utf8.startIndex, offsetBy: tail)
        let edited = readBetween(unchangedPrefix, editedEnd)
        var whole = ""
        whole.reserveCapacity(head + edited.utf8.count + (utf8.count - tail))
        whole += text[..<headEnd]
        whole += edited
        whole += text[tailStart...]
        return whole
    }
}
