import NoteModel

/// The person's preferences, as Preferences shows them: the windows' style,
/// the notes' font, the list's order, and spell checking (on unless turned
/// off) and its language. Every one is optional in the file: a preference
/// missing (or of a later Quire, unknown here) keeps its default.
struct AppPreferences: Codable, Equatable {
    var style = StylePreference.followSystem
    /// The notes' font as Pango names it ("Serif 12"); nil: the desktop's document font.
    var editorFont: String?
    var sortOrder = NoteSortOrder.edited
    var checksSpelling = true
    /// The spelling dictionary's language; nil: the system's.
    var spellingLanguage: String?

    init() {}

    init(from decoder: any Decoder) throws {
        let values = try decoder.container(keyedBy: CodingKeys.self)
        let defaults = AppPreferences()
        style = (try? values.decodeIfPresent(StylePreference.self, forKey: .style)) ?? defaults.style
        editorFont = try? values.decodeIfPresent(String.self, forKey: .editorFont)
        sortOrder = (try? values.decodeIfPresent(NoteSortOrder.self, forKey: .sortOrder)) ?? defaults.sortOrder
        checksSpelling = (try? values.decodeIfPresent(Bool.self, forKey: .checksSpelling)) ?? defaults.checksSpelling
        spellingLanguage = try? values.decodeIfPresent(String.self, forKey: .spellingLanguage)
    }
}
