import GtkKit
import NoteModel
import Spelling

/// The General page of Preferences: the windows' style, the notes' font,
/// the note list's order, and spell checking (on or off, and its language: the system's, or any
/// installed dictionary's). A change holds at once in every window, and for
/// the next launches.
@MainActor
final class GeneralPreferencesPage {
    let page = PreferencesPage(title: localized("General"), iconName: "preferences-system-symbolic")
    private let preferences: Preferences
    private let spelling: SpellCheckService
    private let style = ComboRow(title: localized("_Style"), choices: [
        localized("Follow System"), localized("Light"), localized("Dark"),
    ])
    private let sortOrder = ComboRow(title: localized("_Sort Notes By"), choices: [
        localized("Date Edited"), localized("Date Created"), localized("Title"),
    ])
    private let documentFont = SwitchRow(title: localized("Use the _Document Font"))
    private let fontRow = ActionRow(title: localized("Font"))
    private let fontButton: FontButton
    private let checkSpelling = SwitchRow(title: localized("_Check Spelling"), subtitle: localized("Underline misspelled words as you type"))
    private let language = ComboRow(title: localized("_Language"), choices: [localized("System Language")])
    /// The language each choice stands for (nil: the system's).
    private var languageChoices: [String?] = [nil]
    /// Whether the rows are being set from the preferences (not changed by the person).
    private var isShowing = false

    init(preferences: Preferences = .shared, spelling: SpellCheckService = .shared) {
        self.preferences = preferences
        self.spelling = spelling
        fontButton = FontButton(font: EditorFont.notesFontName ?? "Sans 11", title: localized("Notes Font"))
        fontButton.centerVertically()
        fontRow.addSuffix(fontButton)
        let appearance = PreferencesGroup(title: localized("Appearance"))
        for row in [style, documentFont, fontRow] as [Widget] { appearance.add(row) }
        let list = PreferencesGroup(title: localized("Note List"))
        list.add(sortOrder)
        let spellingGroup = PreferencesGroup(title: localized("Spelling"))
        spellingGroup.add(checkSpelling)
        spellingGroup.add(language)
        page.add(appearance)
        page.add(list)
        page.add(spellingGroup)

        style.onSelected { [weak self] in
            guard let self, !isShowing, let index = style.selectedIndex, index < StylePreference.allCases.count else { return }
            preferences.values.style = StylePreference.allCases[index]
        }
        sortOrder.onSelected { [weak self] in
            guard let self, !isShowing, let index = sortOrder.selectedIndex, index < NoteSortOrder.allCases.count else { return }
            preferences.values.sortOrder = NoteSortOrder.allCases[index]
        }
        documentFont.onToggled { [weak self] in
            guard let self, !isShowing else { return }
            preferences.values.editorFont = documentFont.isOn ? nil : fontButton.font
        }
        fontButton.onFontPicked { [weak self] in
            guard let self, !isShowing else { return }
            preferences.values.editorFont = fontButton.font
        }
        checkSpelling.onToggled { [weak self] in
            guard let self, !isShowing else { return }
            spelling.isOn = checkSpelling.isOn
        }
        language.onSelected { [weak self] in
            guard let self, !isShowing, let index = language.selectedIndex, index < languageChoices.count else { return }
            spelling.chosenLanguage = languageChoices[index]
        }
        preferences.follow(by: self) { [weak self] in self?.show() }
        spelling.follow(by: self) { [weak self] in self?.show() }
        show()
        spelling.prepare()
    }

    /// Shows the preferences as they are, and the dictionaries once they are found.
    private func show() {
        isShowing = true
        defer { isShowing = false }
        let values = preferences.values
        style.selectedIndex = StylePreference.allCases.firstIndex(of: values.style)
        sortOrder.selectedIndex = NoteSortOrder.allCases.firstIndex(of: values.sortOrder)
        documentFont.isOn = values.editorFont == nil
        documentFont.subtitle = EditorFont.documentFontName ?? ""
        fontRow.isSensitive = values.editorFont != nil
        if let font = values.editorFont { fontButton.font = font }
        checkSpelling.isOn = spelling.isOn
        language.isSensitive = spelling.isOn
        showLanguages()
    }

    private func showLanguages() {
        guard let languages = spelling.languages else {
            language.subtitle = localized("Looking for dictionaries…")
            return
        }
        var tags: [String?] = [nil] + languages.installed
        if let chosen = spelling.chosenLanguage, !languages.installed.contains(chosen) { tags.append(chosen) }
        if tags != languageChoices || language.choices.count != tags.count {
            languageChoices = tags
            language.choices = tags.map { $0.map { SpellingLanguages.name(of: $0) } ?? localized("System Language") }
        }
        language.selectedIndex = languageChoices.firstIndex(of: spelling.chosenLanguage) ?? 0
        // The language checked, or why none is.
        if let inUse = spelling.languageInUse, languages.installed.contains(inUse) {
            language.subtitle = SpellingLanguages.name(of: inUse)
        } else {
            language.subtitle = localized("No dictionary is installed for this language")
        }
    }
}
