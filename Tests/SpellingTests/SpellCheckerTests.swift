import Foundation
import Spelling
import Testing

/// Against the real English (United States) dictionary (Debian's hunspell-en-us).
/// The person's word lists go to a folder of the tests' own (`ENCHANT_CONFIG_DIR`,
/// which Enchant reads each time), never to the home folder's.
@Suite("Spelling checked by Enchant")
struct SpellCheckerTests {
    /// The tests' word-list folder, made once for the process and removed as it exits.
    private static let wordLists: String = {
        let folder = folderName()
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        setenv("ENCHANT_CONFIG_DIR", folder, 1)
        atexit { try? FileManager.default.removeItem(atPath: SpellCheckerTests.folderName()) }
        return folder
    }()

    private static func folderName() -> String { NSTemporaryDirectory() + "quire-enchant-\(getpid())" }

    init() {
        _ = SpellCheckerTests.wordLists
    }

    @Test("English words pass, misspelled ones are found where they are, and suggestions fix them")
    func english() throws {
        let checker = try #require(SpellChecker(language: "en_US"), "hunspell-en-us is installed")
        #expect(checker.isCorrect("receive"))
        #expect(!checker.isCorrect("recieve"))
        let text = "I will recieve the **pakage** tomorow, `teh` code"
        let code = 39..<44
        #expect(checker.misspellings(in: text, skipping: [code]) == [7..<14, 21..<27, 30..<37])
        #expect(checker.suggestions(for: "recieve").first == "receive")
        #expect(checker.suggestions(for: "recieve", limit: 2).count <= 2)
    }

    @Test("an English dictionary leaves words in Hebrew, Arabic, Greek and Russian alone; a word with a Latin letter in it is still checked")
    func otherAlphabets() throws {
        let checker = try #require(SpellChecker(language: "en_US"))
        let text = "milk חלב ולחם, خبز, ψωμί and хлеб, tomorow, we'll recieve"
        let found = checker.misspellings(in: text).map { range in
            String(String.UnicodeScalarView(Array(text.unicodeScalars)[range]))
        }
        #expect(found == ["tomorow", "recieve"], "only English words misspelled: \(found)")
        #expect(checker.isCorrect("שלום") && checker.isCorrect("مرحبا"))
        #expect(!checker.isCorrect("xשלום"), "a Latin letter makes it English to check")
        #expect(WritingSystem(language: "he_IL") == .hebrew && WritingSystem(language: "sr_RS") == .cyrillic)
        #expect(WritingSystem(language: "sr-Latn") == .latin && WritingSystem(language: "sr_RS@latin") == .latin)
        #expect(WritingSystem(language: "en_GB") == .latin && WritingSystem(language: "am_ET") == nil)
    }

    @Test("an ignored word passes until the checker goes; a language without a dictionary gives none")
    func ignoredAndMissing() throws {
        let checker = try #require(SpellChecker(language: "en_US"))
        #expect(!checker.isCorrect("Quirenote"))
        checker.ignore("Quirenote")
        #expect(checker.isCorrect("Quirenote"))
        #expect(SpellChecker(language: "en_US")?.isCorrect("Quirenote") == false)
        #expect(SpellChecker(language: "xx_NOPE") == nil)
        #expect(SpellChecker(language: "") == nil)
    }

    @Test("a word added to the dictionary is in the person's word list, for every checker after")
    func addedForGood() throws {
        let word = "Quirenotes\(getpid())"
        let checker = try #require(SpellChecker(language: "en_US"))
        #expect(!checker.isCorrect(word))
        checker.addToPersonalDictionary(word)
        #expect(checker.isCorrect(word))
        #expect(SpellChecker(language: "en_US")?.isCorrect(word) == true)
        let list = try String(contentsOfFile: SpellCheckerTests.wordLists + "/en_US.dic", encoding: .utf8)
        #expect(list.split(separator: "\n").contains(Substring(word)))
    }

    @Test("many threads check at once without harm")
    func concurrent() async throws {
        let checker = try #require(SpellChecker(language: "en_US"))
        let counts = await withTaskGroup(of: Int.self) { group in
            for _ in 0..<8 { group.addTask { checker.misspellings(in: String(repeating: "the wrold is big ", count: 200)).count } }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(counts == Array(repeating: 200, count: 8))
    }

    @Test("the system's language picks the closest installed dictionary")
    func systemLanguage() {
        let installed = ["de_DE", "en_GB", "en_US", "fr"]
        #expect(SpellingLanguages.systemLanguage(environment: ["LANG": "en_GB.UTF-8"], installed: installed) == "en_GB")
        #expect(SpellingLanguages.systemLanguage(environment: ["LANG": "fr_CA.UTF-8"], installed: installed) == "fr")
        #expect(SpellingLanguages.systemLanguage(environment: ["LANG": "de_AT.UTF-8"], installed: installed) == "de_DE")
        #expect(SpellingLanguages.systemLanguage(environment: ["LC_ALL": "C", "LANG": "de_DE"], installed: installed) == "en_US")
        #expect(SpellingLanguages.systemLanguage(environment: ["LANG": "ja_JP.UTF-8"], installed: installed) == nil)
        #expect(SpellingLanguages.installed().contains("en_US"))
    }
}
