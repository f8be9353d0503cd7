import NoteModel
import Testing

/// Text as searches and the title order compare it, by the system's ICU.
@Suite("Text folded without case and accents")
struct TextFoldingTests {
    @Test("case and accents go; letters, digits, spaces and other scripts stay", arguments: [
        ("Éclair", "eclair"), ("CAFÉ au lait", "cafe au lait"), ("naïve Zoë", "naive zoe"), ("Straße", "strasse"),
        ("Ångström 42", "angstrom 42"), ("日本語のメモ", "日本語のメモ"), ("", ""), ("e\u{301}", "e"),
    ])
    func folded(text: String, expected: String) {
        #expect(TextFolding.folded(text) == expected)
    }

    @Test("a folded text is as long as its UTF-16 needs, however long")
    func long() {
        let text = String(repeating: "ÉÉ ß ", count: 10_000)
        #expect(TextFolding.folded(text) == String(repeating: "ee ss ", count: 10_000))
    }
}
