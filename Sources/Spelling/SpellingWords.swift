/// The words of a text worth checking, and where they are. A word is a run
/// of letters (with their accents) that may hold an apostrophe between
/// letters ("don't", "l’eau"). Left out, as no dictionary has them: words
/// holding digits ("v2") or joined by an underscore ("snake_case"), words in
/// capitals only (abbreviations), single letters, words in the scripts
/// written without spaces (Chinese, Japanese, Thai: no word to check), and
/// anything in an address (a run of text holding "://", "@" or "www.").
public enum SpellingWords {
    /// One word of a text.
    public struct Word: Equatable, Sendable {
        /// Where it is, in Unicode scalars from the text's start (GTK's character offsets).
        public let range: Range<Int>
        /// The word.
        public let text: String
    }

    /// The words of `text` to check, in order, leaving out any that overlaps
    /// a range of `skipping` (code, a link's address: ranges in scalars, in order).
    public static func words(in text: String, skipping: [Range<Int>] = []) -> [Word] {
        let scalars = Array(text.unicodeScalars)
        var words: [Word] = []
        var skipIndex = 0
        var index = 0
        while index < scalars.count {
            // One run of text between spaces at a time: an address is left out whole.
            guard !scalars[index].properties.isWhitespace else {
                index += 1
                continue
            }
            var end = index
            while end < scalars.count, !scalars[end].properties.isWhitespace { end += 1 }
            if !isAddress(scalars[index..<end]) {
                for word in wordRanges(in: scalars, from: index, to: end) {
                    while skipIndex < skipping.count, skipping[skipIndex].upperBound <= word.lowerBound { skipIndex += 1 }
                    if skipIndex < skipping.count, skipping[skipIndex].overlaps(word) { continue }
                    let letters = scalars[word]
                    guard isWorthChecking(letters) else { continue }
                    var string = String.UnicodeScalarView()
                    string.append(contentsOf: letters)
                    words.append(Word(range: word, text: String(string)))
                }
            }
            index = end
        }
        return words
    }

    /// The word containing or ending at `offset` in `text`, worth checking or not (nil: none there).
    public static func word(at offset: Int, in text: String) -> Word? {
        let scalars = Array(text.unicodeScalars)
        var start = min(max(offset, 0), scalars.count)
        var end = start
        while start > 0, !scalars[start - 1].properties.isWhitespace { start -= 1 }
        while end < scalars.count, !scalars[end].properties.isWhitespace { end += 1 }
        guard let range = wordRanges(in: scalars, from: start, to: end).first(where: { $0.contains(offset) || $0.upperBound == offset })
        else { return nil }
        var string = String.UnicodeScalarView()
        string.append(contentsOf: scalars[range])
        return Word(range: range, text: String(string))
    }

    /// The words of `scalars[start..<end]` (one run between spaces).
    private static func wordRanges(in scalars: [Unicode.Scalar], from start: Int, to end: Int) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var index = start
        while index < end {
            guard isWordCharacter(scalars[index]) else {
                index += 1
                continue
            }
            var wordEnd = index + 1
            while wordEnd < end {
                if isWordCharacter(scalars[wordEnd]) {
                    wordEnd += 1
                } else if isApostrophe(scalars[wordEnd]), wordEnd + 1 < end, scalars[wordEnd + 1].properties.isAlphabetic {
                    wordEnd += 2
                } else {
                    break
                }
            }
            // Words joined by an underscore ("snake_case") are a name; "_word_" is emphasis.
            let joinedBefore = index - 2 >= start && scalars[index - 1] == "_" && isWordCharacter(scalars[index - 2])
            let joinedAfter = wordEnd + 1 < end && scalars[wordEnd] == "_" && isWordCharacter(scalars[wordEnd + 1])
            if !joinedBefore && !joinedAfter { ranges.append(index..<wordEnd) }
            index = wordEnd
        }
        return ranges
    }

    private static func isWordCharacter(_ scalar: Unicode.Scalar) -> Bool {
        let properties = scalar.properties
        return properties.isAlphabetic || properties.generalCategory == .nonspacingMark || properties.generalCategory == .spacingMark
            || properties.numericType != nil
    }

    private static func isApostrophe(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "'" || scalar == "\u{2019}"
    }

    private static func isWorthChecking(_ word: ArraySlice<Unicode.Scalar>) -> Bool {
        guard word.count > 1, !word.contains(where: { $0.properties.numericType != nil || isUnspaced($0) }) else { return false }
        let cased = word.filter { $0.properties.isUppercase || $0.properties.isLowercase }
        return cased.isEmpty || !cased.allSatisfy(\.properties.isUppercase)
    }

    /// Whether `scalar` is of a script written without spaces between words.
    private static func isUnspaced(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.properties.isIdeographic { return true }
        switch scalar.value {
        case 0x3040...0x30FF, 0x31F0...0x31FF, 0xFF66...0xFF9F: return true  // kana
        case 0x0E00...0x0EFF, 0x1000...0x109F, 0x1780...0x17FF: return true  // Thai, Lao, Myanmar, Khmer
        default: return false
        }
    }

    /// Whether a run of text between spaces is an address (a URL, an e-mail address).
    private static func isAddress(_ run: ArraySlice<Unicode.Scalar>) -> Bool {
        var string = String.UnicodeScalarView()
        string.append(contentsOf: run)
        let text = String(string)
        return text.contains("://") || text.contains("@") || text.lowercased().contains("www.")
    }
}
