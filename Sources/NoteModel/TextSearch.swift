
/// Finds what a search typed in the note list matched in one note's text, so
/// the editor can show it: as the index matches, each word of the search at the
/// start of a word of the text (or anywhere, for scripts written without
/// spaces and for symbols), ignoring case and accents.
public enum TextSearch {
    /// The first place in `text` that one of `search`'s words matches, in
    /// Unicode scalars from the start (as GTK counts a text buffer's offsets);
    /// nil if none does.
    public static func firstMatch(of search: String, in text: String) -> Range<Int>? {
        let folded = FoldedText(text)
        return words(of: search).compactMap { folded.occurrence(of: $0, from: 0) }.min { $0.lowerBound < $1.lowerBound }
            .map(folded.scalarRange)
    }

    /// Every place in `text` that one of `search`'s words matches, in order,
    /// in Unicode scalars from the start; at most `limit` of them (the editor
    /// highlights them while a search is active).
    public static func allMatches(of search: String, in text: String, limit: Int = 10_000) -> [Range<Int>] {
        let folded = FoldedText(text)
        var found: [Range<Int>] = []
        for word in words(of: search) {
            var from = 0
            while found.count < limit, let match = folded.occurrence(of: word, from: from) {
                found.append(match)
                from = match.upperBound
            }
        }
        return found.sorted { $0.lowerBound < $1.lowerBound }.map(folded.scalarRange)
    }

    /// The search's words, each as it is looked for (`SearchWords`).
    private static func words(of search: String) -> [FoldedText.Word] {
        SearchWords.of(search).map { word in
            FoldedText.Word(units: Array(TextFolding.folded(word.text).utf16), anywhere: word.anywhere)
        }
    }
}
