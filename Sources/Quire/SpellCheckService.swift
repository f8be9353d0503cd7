import FoundationEssentials
import GtkKit
import Spelling
import Storage

/// Spell checking for every editor: whether it is on and in which language
/// (the person's `Preferences`, or a language chosen for a note), and a
/// checker for each language in use. The dictionaries are found, and each
/// language's loaded, off the main thread: once the first window showing
/// text has drawn and the main loop is idle, or when an editor first asks
/// (it is typed into, or opens its right-click menu). A launch never waits
/// for them, a window opened soon after does not meet them loading, and a
/// window on an empty note never loads them.
@MainActor
final class SpellCheckService {
    /// The app's, following the app's preferences.
    static let shared = SpellCheckService(preferences: .shared)

    private let preferences: Preferences
    /// The checkers loaded, by language; a language without a dictionary is there as nil, tried once.
    private var checkers: [String: SpellChecker?] = [:]
    /// The installed dictionaries and the one the system's language means, once found.
    private(set) var languages: (installed: [String], system: String?)?
    /// The languages loading now ("" while the dictionaries are being found).
    private var loading: Set<String> = []
    private let followers = Followers<Void>()
    /// Followers of the notes' own languages, told the note whose language was chosen.
    private let noteLanguageFollowers = Followers<UUID>()
    /// Whether the language in use loads as soon as the dictionaries are found (`loadAhead()` was called).
    private var loadsAhead = false
    /// Where the dictionaries are found and loaded: a thread at the lowest
    /// priority (nice 19), so that it takes only what windows being built and
    /// the display server leave (on two cores, English's 11 MB dictionary
    /// loading beside a new window made the window take half as long again).
    private let loader = WorkerThread(name: "dictionaries", niceness: 19)
    /// The spelling trace (`QUIRE_TRACE_SPELLING=1`), which the editors' underlines write to as well.
    static let trace = DiagnosticTrace(variable: "QUIRE_TRACE_SPELLING", prefix: "spelling")

    init(preferences: Preferences) {
        self.preferences = preferences
        var before = (preferences.values.checksSpelling, preferences.values.spellingLanguage)
        preferences.follow(by: self) { [weak self] in
            let now = (preferences.values.checksSpelling, preferences.values.spellingLanguage)
            guard let self, now != before else { return }
            before = now
            notify()
        }
    }

    /// Whether notes are checked as they are typed.
    var isOn: Bool {
        get { preferences.values.checksSpelling }
        set { preferences.values.checksSpelling = newValue }
    }

    /// The language chosen in Preferences (nil: the system's).
    var chosenLanguage: String? {
        get { preferences.values.spellingLanguage }
        set { preferences.values.spellingLanguage = newValue }
    }

    /// The language notes are checked in unless one was chosen for them: the
    /// one chosen in Preferences, else the system's (nil until the dictionaries
    /// are found, or if none fits).
    var languageInUse: String? { chosenLanguage ?? languages?.system }

    /// The checker for a note whose own language is `noteLanguage` (nil: the
    /// app's), if checking is on and it is loaded. If it is not, it starts
    /// loading, and followers hear when it is ready.
    func checker(forNoteLanguage noteLanguage: String?) -> SpellChecker? {
        guard isOn else { return nil }
        guard let languages else {
            prepare()
            return nil
        }
        guard let language = noteLanguage ?? chosenLanguage ?? languages.system else { return nil }
        if let loaded = checkers[language] { return loaded }
        load(language)
        return nil
    }

    /// Calls `handler` whenever checking is turned on or off, a checker is
    /// ready, a language changes, or the person's words changed, for as long as `owner` lives.
    func follow(by owner: AnyObject, _ handler: @escaping @MainActor () -> Void) {
        followers.add(owner) { _ in handler() }
    }

    /// Finds the dictionaries and loads the language in use once the main
    /// loop is next idle, once a process: called as a window first draws
    /// text, so that its first check, and a window opened soon after, find
    /// them loaded instead of meeting the load.
    func loadAhead() {
        guard isOn, !loadsAhead else { return }
        loadsAhead = true
        MainLoop.idle { [weak self] in
            SpellCheckService.trace.write("loading the dictionary ahead")
            _ = self?.checker(forNoteLanguage: nil)
            return false
        }
    }

    /// Finds the installed dictionaries on a low-priority thread, once; followers hear when they are known.
    func prepare() {
        guard languages == nil, !loading.contains("") else { return }
        loading.insert("")
        loader.async({ () -> ([String], String?) in
            let installed = SpellingLanguages.installed()
            return (installed, SpellingLanguages.systemLanguage(installed: installed))
        }) { [weak self] found in
            guard let self else { return }
            loading.remove("")
            languages = found
            if loadsAhead { _ = checker(forNoteLanguage: nil) }
            notify()
        }
    }

    /// Loads the checker for `language` on a low-priority thread; followers hear when it is ready.
    private func load(_ language: String) {
        guard !loading.contains(language) else { return }
        loading.insert(language)
        loader.async({ SpellChecker(language: language) }) { [weak self] checker in
            guard let self else { return }
            loading.remove(language)
            if checker == nil { Log.error("no spelling dictionary for \(language) is installed") }
            checkers[language] = .some(checker)
            SpellCheckService.trace.write("loaded \(language)")
            notify()
        }
    }

    /// Calls `handler` with a note whenever a language is chosen for it, for
    /// as long as `owner` lives: every window on that note shows it.
    func followNoteLanguages(by owner: AnyObject, _ handler: @escaping @MainActor (UUID) -> Void) {
        noteLanguageFollowers.add(owner, handler)
    }

    /// The person's words changed (a word added or ignored): every editor checks again.
    func wordsChanged() { notify() }

    /// A language was chosen for the note `noteID`: the windows on it read it.
    func noteLanguageChanged(of noteID: UUID) { noteLanguageFollowers.tell(noteID) }

    private func notify() {
        followers.tell(())
    }
}
