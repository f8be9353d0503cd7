/// Made-up words, as many as a person's notes use (8,400), drawn as natural text
/// draws them (Zipf's law: the r-th most common word is r times rarer than the
/// first), so a search matches what it would in real notes: a common word
/// thousands of notes, a rare one a handful. The same on every run.
struct Corpus {
    static let syllables = ["ka", "lo", "mi", "ter", "san", "vo", "ri", "du", "pel", "an",
                            "or", "ex", "ta", "ne", "qui", "bra", "fo", "li", "zen", "mar"]
    let words: [String]
    private let cumulative: [Double]
    private var state: UInt64

    init(seed: UInt64) {
        let two = Corpus.syllables.flatMap { a in Corpus.syllables.map { a + $0 } }
        words = two + two.flatMap { ab in Corpus.syllables.map { ab + $0 } }
        var total = 0.0
        cumulative = words.indices.map { rank in
            total += 1 / Double(rank + 1)
            return total
        }
        state = seed
    }

    /// SplitMix64: a fixed sequence, so every run seeds the same notes.
    private mutating func next() -> Double {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Double((z ^ (z >> 31)) >> 11) / Double(1 << 53)
    }

    /// A word drawn by its frequency.
    mutating func word() -> String {
        let target = next() * cumulative[cumulative.count - 1]
        var low = 0, high = cumulative.count - 1
        while low < high {
            let middle = (low + high) / 2
            if cumulative[middle] < target { low = middle + 1 } else { high = middle }
        }
        return words[low]
    }

    mutating func phrase(_ length: Int) -> String {
        (0..<length).map { _ in word() }.joined(separator: " ")
    }

    /// A search a person might type: one to three words that are neither the
    /// commonest hundred nor the rarest, so results number tens to thousands.
    mutating func query() -> String {
        let count = 1 + Int(next() * 3)
        return (0..<count).map { _ in words[100 + Int(next() * 2_000)] }.joined(separator: " ")
    }
}
