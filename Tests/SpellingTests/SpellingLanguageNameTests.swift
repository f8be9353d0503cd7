import Spelling
import Testing

/// The dictionaries' languages named for the menus, by the system's ICU.
@Suite("Languages' names")
struct SpellingLanguageNameTests {
    @Test("a dictionary's tag is named in the language asked for, with its country")
    func named() {
        #expect(SpellingLanguages.name(of: "en_US", in: "en") == "English (United States)")
        #expect(SpellingLanguages.name(of: "fr_FR", in: "fr") == "français (France)")
        #expect(SpellingLanguages.name(of: "de", in: "en") == "German")
    }

    @Test("an empty tag is given back as it is")
    func empty() {
        #expect(SpellingLanguages.name(of: "", in: "en") == "")
    }
}
