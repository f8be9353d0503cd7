/// A formatting key's edit of a stretch of text: the mark put around the
/// selection (or the word at the cursor), or taken off it if it has it, as
/// one change, with what is selected afterwards. Offsets count Unicode
/// scalars, as `TextChange`'s do, from the start of `text`.
public struct MarkdownMarkToggle: Equatable, Sendable {
    /// The edit.
    public let change: TextChange
    /// The selection after it (empty: the cursor).
    public let selection: Range<Int>

    /// Toggles `mark` on `selection` of `text`. An empty selection stands for
    /// the word around the cursor, or, between words, for an empty stretch the
    /// marks are put around (the cursor ends between them). Blanks at the
    /// ends of the selection stay outside the marks.
    ///
    /// A selection stays selected; a cursor stays a cursor, where it was in
    /// the text, never selecting the word (what is typed next would replace
    /// it). At the end of marked text, as after Ctrl+B, a word and Ctrl+B
    /// again, the cursor steps out past the closing marks instead, so what
    /// is typed next is plain, as in a word processor; pressed again there,
    /// it steps back in. On a link (at the end of a new link's text, say),
    /// its address is selected, to type over. Inside a longer marked
    /// stretch (a word of a bold phrase), the stretch's marks come off.
    public init(_ mark: MarkdownMark, in text: String, selection selected: Range<Int>) {
        let scalars = Array(text.unicodeScalars)
        var lower = max(0, min(selected.lowerBound, scalars.count))
        var upper = max(lower, min(selected.upperBound, scalars.count))
        let cursor: Int? = lower == upper ? lower : nil
        let isWord = { (scalar: Unicode.Scalar) in scalar.properties.isAlphabetic || scalar.properties.numericType != nil || scalar == "'" }
        if lower == upper {
            while lower > 0, isWord(scalars[lower - 1]) { lower -= 1 }
            while upper < scalars.count, isWord(scalars[upper]) { upper += 1 }
        }
        while lower < upper, scalars[lower].properties.isWhitespace { lower += 1 }
        while upper > lower, scalars[upper - 1].properties.isWhitespace { upper -= 1 }
        let opening = Array(mark.opening.unicodeScalars)
        let closing = Array(mark.closing.unicodeScalars)
        let inner = String(String.UnicodeScalarView(scalars[lower..<upper]))
        func has(_ marks: [Unicode.Scalar], at offset: Int) -> Bool { MarkdownMarkedSpan.has(marks, at: offset, in: scalars) }
        // Whether the cursor ends marked text: the closing marks follow it, and
        // the nearest opening marks before it start text that is neither empty
        // (empty marks come off) nor starts with a blank.
        func endsMarkedText(_ cursor: Int) -> Bool {
            guard has(closing, at: cursor) else { return false }
            var offset = cursor - opening.count
            while offset >= 0, !has(opening, at: offset) { offset -= 1 }
            let start = offset + opening.count
            return offset >= 0 && start < cursor && !scalars[start].properties.isWhitespace
        }
        let spans = MarkdownMarkedSpan.all(mark, in: scalars)
        if mark == .link, let link = spans.first(where: { $0.start <= lower && upper <= $0.end }) {
            // On a link already written: its address is selected, to be typed over.
            change = TextChange(offset: lower, length: 0, replacement: "")
            self.selection = link.address
        } else if let cursor, endsMarkedText(cursor) {
            // As after Ctrl+B, a word and Ctrl+B again: the cursor steps out
            // past the closing marks, and nothing changes. After a new link's
            // text (Ctrl+K, the text, Ctrl+K), its address is selected instead,
            // to be typed over.
            change = TextChange(offset: cursor, length: 0, replacement: "")
            if mark == .link {
                let address = cursor + 2  // after "]("
                self.selection = address..<(address + MarkdownMark.linkPlaceholder.unicodeScalars.count)
            } else {
                self.selection = (cursor + closing.count)..<(cursor + closing.count)
            }
        } else if let cursor, lower == upper, spans.contains(where: { $0.end == cursor }) {
            // Right after marked text, between words, as after stepping out:
            // the cursor steps back in before the closing marks, so what is
            // typed next is marked with it (not a second pair of marks against it).
            change = TextChange(offset: cursor, length: 0, replacement: "")
            self.selection = (cursor - closing.count)..<(cursor - closing.count)
        } else if mark != .link, has(opening, at: lower - opening.count), has(closing, at: upper) {
            // Marked around the selection (or the word at the cursor): take the marks off.
            change = TextChange(offset: lower - opening.count, length: upper - lower + opening.count + closing.count, replacement: inner)
            self.selection = cursor.map { ($0 - opening.count)..<($0 - opening.count) } ?? (lower - opening.count)..<(upper - opening.count)
        } else if mark != .link, upper - lower >= opening.count + closing.count, has(opening, at: lower), has(closing, at: upper - closing.count) {
            // The selection holds its marks: take them off.
            let unmarked = String(String.UnicodeScalarView(scalars[(lower + opening.count)..<(upper - closing.count)]))
            change = TextChange(offset: lower, length: upper - lower, replacement: unmarked)
            self.selection = lower..<(upper - opening.count - closing.count)
        } else if let span = spans.first(where: { $0.content.lowerBound <= lower && upper <= $0.content.upperBound }) {
            // Inside a longer marked stretch (one word of a bold phrase): the
            // stretch's marks come off, as it shows marked as a whole.
            let content = String(String.UnicodeScalarView(scalars[span.content]))
            change = TextChange(offset: span.start, length: span.end - span.start, replacement: content)
            self.selection = cursor.map { ($0 - opening.count)..<($0 - opening.count) }
                ?? (lower - opening.count)..<(upper - opening.count)
        } else {
            change = TextChange(offset: lower, length: upper - lower, replacement: mark.opening + inner + mark.closing)
            if mark == .link, lower < upper {
                let address = upper + opening.count + 2  // after "](": the placeholder, selected
                self.selection = address..<(address + MarkdownMark.linkPlaceholder.unicodeScalars.count)
            } else {
                self.selection = cursor.map { ($0 + opening.count)..<($0 + opening.count) } ?? (lower + opening.count)..<(upper + opening.count)
            }
        }
    }
}
