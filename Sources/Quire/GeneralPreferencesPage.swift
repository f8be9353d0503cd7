import GtkKit
import Spelling

/// The Editor page of Preferences: spell checking on or off, and its
/// language (the system's, or any installed dictionary's). A change holds at
/// once in every window, and for the next launches.
@MainActor
final class EditorPreferencesPage {
    let page = PreferencesPage(title: localized("Editor"), iconName: "document-edit-symbolic")
    private let service: SpellCheckService
    private let checkSpelling = SwitchRow(title: localized("_Check Spelling"), subtitle: localized("Underline misspelled words as you type"))
    private let language = ComboRow(title: localized("_Language"), choices: [localized("System Language")])
    /// The language each choice stands for (nil: the system's).
    private var choices: [String?] = [nil]
    /// Whether the rows are being set from the preferences (not changed by the person).
    private var isShowing = false

    init(service: SpellCheckService = .shared) {
        self.service = service
        let group = PreferencesGroup(title: localized("Spelling"))
        group.add(checkSpelling)
        group.add(language)
        page.add(group)
        checkSpelling.onToggled { [weak self] in
            guard let self, !isShowing else { return }
            service.isOn = checkSpelling.isOn
        }
        language.onSelected { [weak self] in
            guard let self, !isShowing, let index = language.selectedIndex, index < choices.count else { return }
            service.chosenLanguage = choices[index]
        }
        service.follow(by: self) { [weak self] in self?.show() }
        show()
        service.prepare()
    }

    /// Shows the preferences as they are, and the dictionaries once they are found.
    private func show() {
        isShowing = true
        defer { isShowing = false }
        checkSpelling.isOn = service.isOn
        language.isSensitive = service.isOn
        guard let languages = service.languages else {
            language.subtitle = localized("Looking for dictionaries…")
            return
        }
        var tags: [String?] = [nil] + languages.installed
        if let chosen = service.chosenLanguage, !languages.installed.contains(chosen) { tags.append(chosen) }
        if tags != choices || language.choices.count != tags.count {
            choices = tags
            language.choices = tags.map { $0.map { SpellingLanguages.name(of: $0) } ?? localized("System Language") }
        }
        language.selectedIndex = choices.firstIndex(of: service.chosenLanguage) ?? 0
        // The language checked, or why none is.
        if let inUse = service.languageInUse, languages.installed.contains(inUse) {
            language.subtitle = SpellingLanguages.name(of: inUse)
        } else {
            language.subtitle = localized("No dictionary is installed for this language")
        }
    }
}
