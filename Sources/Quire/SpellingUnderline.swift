import GtkKit
import GtkSourceKit
import Spelling
import Storage

/// Underlines, in an editor, the words spelled wrong, and offers in its
/// right-click menu what they may have meant, Add to Dictionary and Ignore,
/// and the note's spelling language (the app's by default).
/// Only the text that shows is checked, off the main thread, once typing or
/// scrolling pauses: a long note costs no more than a short one. Code, link
/// addresses and URLs are passed over (the Markdown's "no-spell-check"), and
/// a word is not underlined while it is being typed.
@MainActor
final class SpellingUnderline {
    /// The underline's tag, and its colour: GNOME's error red, readable in light and dark style.
    static let tag = "misspelled", color = "#e01b24"
    /// The most text checked at once around what shows (a long paragraph's rest waits for it to show).
    static let longestCheck: Int32 = 20_000
    /// Where the checks run, one at a time, for every window.
    nonisolated private static let checks = WorkerThread(name: "spell checks")
    private static let trace = SpellCheckService.trace

    private let view: TextView
    private let service: SpellCheckService
    private var recheck: Debouncer?
    /// Changes to the text so far: a check's result for an older text is dropped.
    private var changes = 0
    /// Whether the text changed since the last check began (the person is typing).
    private var typedSinceCheck = false
    /// The word at the cursor held back from the underline while it is typed.
    private var heldBack: Range<Int32>?
    private var isChecking = false
    /// The checker the last check used (a result for another language is dropped).
    private var lastChecker: SpellChecker?
    /// Whether the menu's Spelling Language shows the languages and the note's
    /// as they are. Made as the menu opens: naming the languages loads ICU's
    /// locale data (about 5 MiB), which a launch onto a note need not pay.
    private var languagesShown = false

    /// The language chosen for the note shown (nil: the app's).
    var noteLanguage: String? {
        didSet {
            guard noteLanguage != oldValue else { return }
            languagesShown = false
            preferencesChanged()
        }
    }

    /// Called when the person picks the note's language in the menu (nil: the app's).
    var onLanguageChosen: (@MainActor (String?) -> Void)?

    /// The value of the language menu's first choice: the app's language.
    private static let appLanguage = "default"

    private var checker: SpellChecker? { service.checker(forNoteLanguage: noteLanguage) }

    init(view: TextView, service: SpellCheckService = .shared) {
        self.view = view
        self.service = service
        recheck = Debouncer(quietMilliseconds: 300, maximumDelayMilliseconds: 60_000) { [weak self] in self?.checkVisibleText() }
        view.buffer.onChanged { [weak self] in
            guard let self else { return }
            changes += 1
            typedSinceCheck = true
            if service.isOn { recheck?.poke() }
        }
        view.onVisibleTextChanged { [weak self] in self?.pokeIfOn() }
        view.connect("map") { [weak self] in
            guard let self else { return }
            if view.buffer.characterCount > 0 { view.onNextFrame { service.loadAhead() } }
            pokeIfOn()
        }
        view.buffer.onCursorMoved { [weak self] in
            guard let self, let held = heldBack, view.buffer.cursorOffset != held.upperBound else { return }
            heldBack = nil
            recheck?.poke()  // the word typed is finished
        }
        service.follow(by: self) { [weak self] in
            self?.languagesShown = false
            self?.preferencesChanged()
        }
        // The menu's spelling items are made for the word it opens on.
        view.onContextMenu { [weak self] offset in self?.prepareMenu(at: offset) }
        pokeIfOn()
    }

    private func pokeIfOn() {
        if service.isOn { recheck?.poke() }
    }

    private func preferencesChanged() {
        if service.isOn {
            checkVisibleText()
        } else {
            recheck?.cancel()
            view.buffer.removeTag(SpellingUnderline.tag)
            heldBack = nil
        }
    }

    /// Checks the lines that show, off the main thread, and underlines what is spelled wrong in them.
    private func checkVisibleText() {
        guard service.isOn, view.isMapped else { return }
        // An empty note has nothing to check: Enchant and a dictionary (11 MB
        // for English) wait for its first character (or its right-click menu).
        guard view.buffer.characterCount > 0 else { return SpellingUnderline.trace.write("nothing to check: the note is empty") }
        guard let checker else { return }  // loading: it checks again once ready
        guard !isChecking else { return recheck?.poke() ?? () }
        let visible = view.visibleTextRange
        let region = visible.lowerBound..<min(visible.upperBound, visible.lowerBound + SpellingUnderline.longestCheck)
        let buffer = view.buffer
        let skipped = buffer.ranges(ofContextClass: "no-spell-check", in: region).map {
            Int($0.lowerBound - region.lowerBound)..<Int($0.upperBound - region.lowerBound)
        }
        let text = buffer.text(fromOffset: region.lowerBound, toOffset: region.upperBound)
        let started = changes
        let typing = typedSinceCheck
        typedSinceCheck = false
        isChecking = true
        lastChecker = checker
        SpellingUnderline.checks.async({ checker.misspellings(in: text, skipping: skipped) }) { [weak self] found in
            self?.underline(found, in: region, of: text, checkedAt: started, whileTyping: typing)
        }
    }

    /// Puts the underline on `found` (offsets in `text`, the text of
    /// `region` when the check began), if the text has not changed since.
    private func underline(_ found: [Range<Int>], in region: Range<Int32>, of text: String, checkedAt started: Int, whileTyping typing: Bool) {
        isChecking = false
        guard service.isOn, let current = checker, current === lastChecker else { return recheck?.poke() ?? () }
        guard changes == started else { return recheck?.poke() ?? () }  // checked a text that is gone
        var ranges = found.map { region.lowerBound + Int32($0.lowerBound)..<region.lowerBound + Int32($0.upperBound) }
        heldBack = nil
        if typing, let typed = ranges.firstIndex(where: { $0.upperBound == view.buffer.cursorOffset }) {
            heldBack = ranges.remove(at: typed)
        }
        view.buffer.underline(ranges, tag: SpellingUnderline.tag, color: SpellingUnderline.color, within: region)
        SpellingUnderline.trace.write({
            let scalars = Array(text.unicodeScalars)
            let words = found.map { String(String.UnicodeScalarView(scalars[$0])) }
            return "checked \(region.lowerBound)..<\(region.upperBound) misspelled=\(words.joined(separator: ",")) held=\(heldBack == nil ? 0 : 1)"
        }())
    }

    // MARK: The right-click menu

    /// Offers the installed languages in the menu's Spelling Language, the
    /// note's marked (none while checking is off, or the dictionaries are not found yet).
    private func showLanguages() {
        guard service.isOn, let languages = service.languages else {
            return view.setExtraMenuChoices(localized("Spelling _Language"), name: "spelling-language", choices: [], marked: "") { _ in }
        }
        let appLanguage = service.languageInUse.map { localized("Default (%s)", SpellingLanguages.name(of: $0)) } ?? localized("Default")
        var choices = [(label: appLanguage, value: SpellingUnderline.appLanguage)]
        choices += languages.installed.map { (label: SpellingLanguages.name(of: $0), value: $0) }
        SpellingUnderline.trace.write("named \(choices.count - 1) languages for the menu")
        view.setExtraMenuChoices(
            localized("Spelling _Language"), name: "spelling-language", choices: choices,
            marked: noteLanguage ?? SpellingUnderline.appLanguage
        ) { [weak self] value in
            let language = value == SpellingUnderline.appLanguage ? nil : value
            self?.view.markExtraMenuChoice(value, ofChoices: "spelling-language")
            self?.onLanguageChosen?(language)
        }
    }

    /// Fills the menu's first section for the word at `offset`: if it is
    /// spelled wrong, up to five words it may mean (each replaces it, one
    /// Undo step), Add to Dictionary and Ignore; otherwise nothing. Brings
    /// the Spelling Language choices up to date first.
    private func prepareMenu(at offset: Int32?) {
        if !languagesShown {
            showLanguages()
            languagesShown = true
        }
        guard service.isOn, let checker, let offset, view.isEditable else {
            return view.setExtraMenuLeadingItems([])
        }
        let buffer = view.buffer
        let line = buffer.line(containing: offset)
        guard let word = SpellingWords.word(at: Int(offset - line.start), in: line.text),
              SpellingWords.words(in: word.text).map(\.text) == [word.text], !checker.isCorrect(word.text)
        else { return view.setExtraMenuLeadingItems([]) }
        let range = line.start + Int32(word.range.lowerBound)..<line.start + Int32(word.range.upperBound)
        guard buffer.ranges(ofContextClass: "no-spell-check", in: range).isEmpty else { return view.setExtraMenuLeadingItems([]) }
        var items: [(label: String, handler: @MainActor () -> Void)] = checker.suggestions(for: word.text).map { suggestion in
            (suggestion, { @MainActor [weak self] in self?.replace(range, holding: word.text, with: suggestion) })
        }
        items.append((localized("Add to Dictionary"), { @MainActor [weak self] in
            checker.addToPersonalDictionary(word.text)
            self?.service.wordsChanged()
        }))
        items.append((localized("Ignore"), { @MainActor [weak self] in
            checker.ignore(word.text)
            self?.service.wordsChanged()
        }))
        view.setExtraMenuLeadingItems(items)
    }

    /// Puts `replacement` in place of the word `word` at `range`, as one Undo step, if it is still there.
    private func replace(_ range: Range<Int32>, holding word: String, with replacement: String) {
        let buffer = view.buffer
        guard view.isEditable, buffer.text(fromOffset: range.lowerBound, toOffset: range.upperBound) == word else { return }
        buffer.asOneUserAction {
            buffer.delete(fromOffset: range.lowerBound, length: range.upperBound - range.lowerBound)
            buffer.insert(replacement, atOffset: range.lowerBound)
        }
        buffer.placeCursor(atOffset: range.lowerBound + Int32(replacement.unicodeScalars.count))
    }
}
