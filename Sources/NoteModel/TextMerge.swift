/// Merges two edits of one text, each made without seeing the other: a note
/// saved by two processes at once, or a recovered draft and a note edited since.
///
/// Each side's edit is taken as one stretch of the common ancestor replaced
/// (from the first to the last character that differs). When the two stretches
/// do not overlap, both are applied; when they do, there is no merge and the
/// caller keeps both versions.
public enum TextMerge {
    /// The text with both `mine` and `theirs` applied to `base`, or nil if they
    /// changed the same stretch differently.
    public static func merge(base: String, mine: String, theirs: String) -> String? {
        if mine == theirs || theirs == base { return mine }
        if mine == base { return theirs }
        let ancestor = Array(base.unicodeScalars)
        guard let my = TextChange.between(ancestor, Array(mine.unicodeScalars)),
              let their = TextChange.between(ancestor, Array(theirs.unicodeScalars))
        else { return nil }
        let (first, second) = my.offset <= their.offset ? (my, their) : (their, my)
        let firstEnd = first.offset + first.length
        // Overlapping stretches, or two insertions at the same place (their order is unknown).
        if firstEnd > second.offset || (first.length == 0 && second.length == 0 && first.offset == second.offset) {
            return nil
        }
        var merged = String.UnicodeScalarView()
        merged.append(contentsOf: ancestor[0..<first.offset])
        merged.append(contentsOf: first.replacement.unicodeScalars)
        merged.append(contentsOf: ancestor[firstEnd..<second.offset])
        merged.append(contentsOf: second.replacement.unicodeScalars)
        merged.append(contentsOf: ancestor[(second.offset + second.length)...])
        return String(merged)
    }
}
