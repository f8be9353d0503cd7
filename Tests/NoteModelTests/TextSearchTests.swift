import NoteModel
import Testing

/// Where a search matched in one note, for the editor to show.
@Suite("Matches in a note's text")
struct TextSearchTests {
    @Test("the first match of any word, at a word's start, ignoring case and accents, in GTK's offsets")
    func firstMatch() {
        #expect(TextSearch.firstMatch(of: "meet", in: "Remeet later; the Meeting is on") == 18..<22)
        #expect(TextSearch.firstMatch(of: "friday meeting", in: "Notes\nthe meeting on Friday") == 10..<17)
        #expect(TextSearch.firstMatch(of: "cafe", in: "un Café noir") == 3..<7)
        // Offsets count Unicode scalars, as a GTK text buffer does: an emoji with a
        // skin tone is one character to Swift and two to GTK.
        #expect(TextSearch.firstMatch(of: "hi", in: "👋🏽 hi") == 3..<5)
        #expect(TextSearch.firstMatch(of: "会議", in: "明日の会議は十時") == 3..<5)
        #expect(TextSearch.firstMatch(of: "zebra", in: "no match here") == nil)
        #expect(TextSearch.firstMatch(of: "  ", in: "anything") == nil)
    }

    @Test("every match of every word, in order, in GTK's offsets, up to a limit")
    func allMatches() {
        #expect(TextSearch.allMatches(of: "apple pie", in: "Apple pie, 👋🏽 apples, pineapple, PIE") == [0..<5, 6..<9, 14..<19, 33..<36])
        #expect(TextSearch.allMatches(of: "cafe", in: "Café, café et CAFE") == [0..<4, 6..<10, 14..<18])
        #expect(TextSearch.allMatches(of: "a", in: String(repeating: "a ", count: 50), limit: 10).count == 10)
        #expect(TextSearch.allMatches(of: "", in: "anything").isEmpty)
    }

    @Test("the punctuation around a word is not looked for, as the index leaves it out: a quoted phrase shows its words; symbols alone match anywhere")
    func punctuation() {
        #expect(TextSearch.allMatches(of: "\"talk about\"", in: "Talk about the budget") == [0..<4, 5..<10])
        #expect(TextSearch.allMatches(of: "(budget), plans!", in: "Talk about the budget and plans") == [15..<21, 26..<31])
        #expect(TextSearch.allMatches(of: "R&D", in: "the R&D lab") == [4..<7], "punctuation inside a word stays")
        #expect(TextSearch.allMatches(of: "€ 🍕", in: "Pizza🍕 for 12€") == [5..<6, 13..<14], "symbols alone, anywhere")
        let words = SearchWords.of(" \"talk  about\" 京都。 → ")
        #expect(words.map(\.text) == ["talk", "about", "京都", "→"])
        #expect(words.map(\.anywhere) == [false, false, true, true])
    }
}
