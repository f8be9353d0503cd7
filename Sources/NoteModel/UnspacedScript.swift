/// Scripts written without spaces between words (Han, Hiragana, Katakana),
/// where a word-based index sees a whole phrase as one word.
enum UnspacedScript {
    /// Whether `word` has a character from such a script.
    static func contains(_ word: String) -> Bool {
        word.unicodeScalars.contains { scalar in
            switch scalar.value {
            case 0x3040...0x30FF,  // Hiragana, Katakana
                 0x31F0...0x31FF,  // Katakana phonetic extensions
                 0x3400...0x4DBF,  // CJK unified ideographs, extension A
                 0x4E00...0x9FFF,  // CJK unified ideographs
                 0xF900...0xFAFF,  // CJK compatibility ideographs
                 0xFF66...0xFF9F,  // half-width Katakana
                 0x20000...0x2FA1F: return true  // further ideograph extensions
            default: return false
            }
        }
    }
}
