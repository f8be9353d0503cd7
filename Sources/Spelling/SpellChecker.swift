import CEnchant
import Synchronization

/// One language's dictionary, through Enchant: whether a word is spelled
/// right, what it may have meant, and the person's own words. The words a
/// person adds go to Enchant's personal word list for the language
/// (`$XDG_CONFIG_HOME/enchant/<language>.dic`), which GNOME Text Editor and
/// every other Enchant user share. A word with no letter of the language's
/// alphabet (`WritingSystem`: Hebrew in an English note) is not the
/// dictionary's to judge, and passes. Safe to use from any thread: Enchant is
/// not, so every call takes the checker's lock, and a check of a screenful
/// of words holds it once.
public final class SpellChecker: Sendable {
    /// The dictionary's language tag ("en_US").
    public let language: String
    /// The language's alphabet, if known.
    private let writingSystem: WritingSystem?
    private let enchant: Mutex<EnchantHandles>

    /// The checker for `language` ("en_US", "fr"); nil if no dictionary for it is installed.
    public init?(language: String) {
        guard let broker = enchant_broker_init() else { return nil }
        guard !language.isEmpty, enchant_broker_dict_exists(broker, language) != 0,
              let dictionary = enchant_broker_request_dict(broker, language)
        else {
            enchant_broker_free(broker)
            return nil
        }
        self.language = language
        writingSystem = WritingSystem(language: language)
        enchant = Mutex(EnchantHandles(broker: broker, dictionary: dictionary))
    }

    deinit {
        enchant.withLock { handles in
            enchant_broker_free_dict(handles.broker, handles.dictionary)
            enchant_broker_free(handles.broker)
        }
    }

    /// Whether `word` is spelled right (in the dictionary, the personal word
    /// list, or ignored), or not in the language's alphabet.
    public func isCorrect(_ word: String) -> Bool {
        !isJudged(word) || enchant.withLock { $0.check(word) }
    }

    /// Whether the dictionary judges `word`: it holds a letter of the language's alphabet (or that is not known).
    private func isJudged(_ word: String) -> Bool {
        writingSystem?.writes(word) ?? true
    }

    /// The ranges (in Unicode scalars, as GTK counts a text's characters) of
    /// the words of `text` spelled wrong, outside `skipping` (`SpellingWords`).
    public func misspellings(in text: String, skipping: [Range<Int>] = []) -> [Range<Int>] {
        let words = SpellingWords.words(in: text, skipping: skipping).filter { isJudged($0.text) }
        return enchant.withLock { handles in
            words.filter { !handles.check($0.text) }.map(\.range)
        }
    }

    /// Up to `limit` words `word` may have meant, likeliest first.
    public func suggestions(for word: String, limit: Int = 5) -> [String] {
        enchant.withLock { handles in
            var count = 0
            guard let list = enchant_dict_suggest(handles.dictionary, word, -1, &count) else { return [] }
            defer { enchant_dict_free_string_list(handles.dictionary, list) }
            return (0..<min(count, limit)).compactMap { list[$0].map { String(cString: $0) } }
        }
    }

    /// Adds `word` to the person's word list for the language, for good.
    public func addToPersonalDictionary(_ word: String) {
        enchant.withLock { enchant_dict_add($0.dictionary, word, -1) }
    }

    /// Takes `word` as spelled right until the app quits.
    public func ignore(_ word: String) {
        enchant.withLock { enchant_dict_add_to_session($0.dictionary, word, -1) }
    }
}

/// Enchant's broker and one dictionary of it, used under the checker's lock only.
private struct EnchantHandles: ~Copyable {
    let broker: OpaquePointer
    let dictionary: OpaquePointer

    func check(_ word: String) -> Bool {
        enchant_dict_check(dictionary, word, -1) == 0
    }
}
