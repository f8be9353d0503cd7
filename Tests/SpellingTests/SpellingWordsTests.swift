import Spelling
import Testing

@Suite("The words a spell check looks at")
struct SpellingWordsTests {
    private func words(_ text: String, skipping: [Range<Int>] = []) -> [String] {
        SpellingWords.words(in: text, skipping: skipping).map(\.text)
    }

    @Test("words are runs of letters; Markdown's marks around them are not part of them")
    func markdown() {
        #expect(words("# Plan\n- [ ] buy **milk** and _eggs_, ~~tea~~") == ["Plan", "buy", "milk", "and", "eggs", "tea"])
        #expect(words("don't l’eau rock'n'roll 'quoted'") == ["don't", "l’eau", "rock'n'roll", "quoted"])
        #expect(words("café naïve Ελλάδα привет") == ["café", "naïve", "Ελλάδα", "привет"])
    }

    @Test("names, abbreviations, single letters, addresses and unspaced scripts are left out")
    func leftOut() {
        #expect(words("v2 snake_case GTK a I https://example.org/wrod me@exmaple.org www.exmaple.org ok") == ["ok"])
        #expect(words("日本語のテキスト and ภาษาไทย") == ["and"])
    }

    @Test("ranges count Unicode scalars, as GTK's offsets do, past emoji and accents")
    func ranges() {
        let text = "👨‍👩‍👧 é wrod"
        let found = SpellingWords.words(in: text)
        #expect(found.map(\.text) == ["wrod"])
        let scalars = Array(text.unicodeScalars)
        let range = found[0].range
        #expect(String(String.UnicodeScalarView(scalars[range])) == "wrod")
    }

    @Test("a word overlapping a skipped range (code, a link's address) is left out")
    func skipping() {
        let text = "see `wrod` and [lnik](adress) here"
        let code = 4..<10, address = 21..<29
        #expect(words(text, skipping: [code, address]) == ["see", "and", "lnik", "here"])
    }

    @Test("the word at an offset: inside it or just after it")
    func wordAtOffset() {
        #expect(SpellingWords.word(at: 6, in: "hello wrold").map { [$0.text: $0.range] } == ["wrold": 6..<11])
        #expect(SpellingWords.word(at: 11, in: "hello wrold")?.text == "wrold")
        #expect(SpellingWords.word(at: 5, in: "hello  wrold")?.text == "hello")
        #expect(SpellingWords.word(at: 6, in: "hello  wrold") == nil)
    }
}
