/// The alphabet a dictionary's words are written in, and the letters of each:
/// a word with no letter of its dictionary's alphabet (Hebrew or Greek in an
/// English note) is not that dictionary's to call misspelled. Only alphabets
/// whose letters lie in Unicode blocks of their own are listed; in a language
/// not listed, every word is checked.
public enum WritingSystem: Sendable, CaseIterable {
    case latin, cyrillic, greek, armenian, hebrew, arabic, georgian
    case devanagari, bengali, gurmukhi, gujarati, oriya, tamil, telugu, kannada, malayalam, sinhala

    /// The alphabet the language of the dictionary tag `tag` ("en_US", "he",
    /// "sr_RS") is written in, or the one the tag names ("sr-Latn",
    /// "sr_RS@latin"); nil for a language not listed.
    public init?(language tag: String) {
        let parts = tag.lowercased().split(whereSeparator: { "_-@.".contains($0) }).map(String.init)
        if parts.dropFirst().contains(where: { $0 == "latn" || $0 == "latin" }) {
            self = .latin
            return
        }
        if parts.dropFirst().contains("cyrl") {
            self = .cyrillic
            return
        }
        let language = parts.first ?? ""
        guard let system = WritingSystem.languages.first(where: { $0.value.contains(language) })?.key else { return nil }
        self = system
    }

    /// Whether `word` holds a letter of this alphabet.
    public func writes(_ word: String) -> Bool {
        let blocks = WritingSystem.blocks[self] ?? []
        return word.unicodeScalars.contains { scalar in blocks.contains { $0.contains(scalar.value) } }
    }

    /// The languages each alphabet writes, by ISO 639 code (those Debian has
    /// dictionaries for, and their neighbours).
    private static let languages: [WritingSystem: Set<String>] = [
        .latin: ["af", "az", "br", "bs", "ca", "cs", "cy", "da", "de", "en", "eo", "es", "et", "eu", "fi", "fo", "fr", "fy",
                 "ga", "gd", "gl", "ha", "hr", "hu", "id", "is", "it", "ku", "la", "lb", "lt", "lv", "ms", "mt", "nb", "nl",
                 "nn", "no", "oc", "pl", "pt", "rm", "ro", "sk", "sl", "sq", "sv", "sw", "tk", "tl", "tr", "uz", "vi", "zu"],
        .cyrillic: ["ba", "be", "bg", "cv", "kk", "ky", "mk", "mn", "ru", "sr", "tg", "tt", "uk"],
        .greek: ["el"],
        .armenian: ["hy"],
        .hebrew: ["he", "yi"],
        .arabic: ["ar", "ckb", "fa", "ps", "sd", "ug", "ur"],
        .georgian: ["ka"],
        .devanagari: ["hi", "mr", "ne", "sa"],
        .bengali: ["as", "bn"],
        .gurmukhi: ["pa"],
        .gujarati: ["gu"],
        .oriya: ["or"],
        .tamil: ["ta"],
        .telugu: ["te"],
        .kannada: ["kn"],
        .malayalam: ["ml"],
        .sinhala: ["si"],
    ]

    /// The Unicode blocks of each alphabet's letters.
    private static let blocks: [WritingSystem: [ClosedRange<UInt32>]] = [
        .latin: [0x41...0x5A, 0x61...0x7A, 0xC0...0x24F, 0x250...0x2AF, 0x1E00...0x1EFF, 0x2C60...0x2C7F,
                 0xA720...0xA7FF, 0xAB30...0xAB6F, 0xFB00...0xFB06, 0xFF21...0xFF3A, 0xFF41...0xFF5A],
        .cyrillic: [0x400...0x52F, 0x1C80...0x1C8F, 0x2DE0...0x2DFF, 0xA640...0xA69F],
        .greek: [0x370...0x3FF, 0x1F00...0x1FFF],
        .armenian: [0x530...0x58F, 0xFB13...0xFB17],
        .hebrew: [0x590...0x5FF, 0xFB1D...0xFB4F],
        .arabic: [0x600...0x6FF, 0x750...0x77F, 0x870...0x8FF, 0xFB50...0xFDFF, 0xFE70...0xFEFF],
        .georgian: [0x10A0...0x10FF, 0x1C90...0x1CBF, 0x2D00...0x2D2F],
        .devanagari: [0x900...0x97F, 0xA8E0...0xA8FF],
        .bengali: [0x980...0x9FF],
        .gurmukhi: [0xA00...0xA7F],
        .gujarati: [0xA80...0xAFF],
        .oriya: [0xB00...0xB7F],
        .tamil: [0xB80...0xBFF],
        .telugu: [0xC00...0xC7F],
        .kannada: [0xC80...0xCFF],
        .malayalam: [0xD00...0xD7F],
        .sinhala: [0xD80...0xDFF],
    ]
}
