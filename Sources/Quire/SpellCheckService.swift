import Foundation
import Spelling

/// Spell checking for every editor: whether it is on and in which language
/// (the person's `Preferences`), and the checker for that language. The
/// dictionaries are found and loaded off the main thread when an editor
/// first asks, after the first frame: a launch never waits for them.
@MainActor
final class SpellCheckService {
    /// The app's, following the app's preferences.
    static let shared = SpellCheckService(preferences: .shared)

    private let preferences: Preferences
    /// The checker for the language in use; nil while it loads, when checking is off, or with no dictionary for it.
    private(set) var checker: SpellChecker?
    /// The installed dictionaries and the one the system's language means, once found.
    private(set) var languages: (installed: [String], system: String?)?
    /// Whether the dictionaries or a checker are loading.
    private var isLoading = false
    /// The language (nil: the system's) a checker was last loaded for, if one was.
    private var triedLanguage: String??
    private var followers: [Follower] = []

    init(preferences: Preferences) {
        self.preferences = preferences
        var before = (preferences.values.checksSpelling, preferences.values.spellingLanguage)
        preferences.follow(by: self) { [weak self] in
            guard let self else { return }
            let now = (preferences.values.checksSpelling, preferences.values.spellingLanguage)
            guard now != before else { return }
            if now.1 != before.1 { checker = nil }
            before = now
            notify()
            prepare()
        }
    }

    /// Whether notes are checked as they are typed.
    var isOn: Bool {
        get { preferences.values.checksSpelling }
        set { preferences.values.checksSpelling = newValue }
    }

    /// The language chosen (nil: the system's).
    var chosenLanguage: String? {
        get { preferences.values.spellingLanguage }
        set { preferences.values.spellingLanguage = newValue }
    }

    /// The language checked: the one chosen, else the system's (nil until the dictionaries are found, or if none fits).
    var languageInUse: String? { chosenLanguage ?? languages?.system }

    /// Calls `handler` whenever checking is turned on or off, a checker is
    /// ready, or the person's words changed, for as long as `owner` lives.
    func follow(by owner: AnyObject, _ handler: @escaping @MainActor () -> Void) {
        followers.removeAll { $0.owner == nil }
        followers.append(Follower(owner: owner, handler: handler))
    }

    /// Finds the installed dictionaries, and loads the checker for the
    /// language in use if checking is on, off the main thread, unless that is
    /// done or under way (a language without a dictionary is tried once);
    /// followers hear when it is ready.
    func prepare() {
        let wantsChecker = isOn && triedLanguage != .some(chosenLanguage)
        guard !isLoading, languages == nil || wantsChecker else { return }
        let chosen = chosenLanguage
        let known = languages
        isLoading = true
        Task { @MainActor [weak self] in
            let (found, checker) = await Task.detached(priority: .userInitiated) {
                let found = known ?? {
                    let installed = SpellingLanguages.installed()
                    return (installed, SpellingLanguages.systemLanguage(installed: installed))
                }()
                return (found, wantsChecker ? (chosen ?? found.1).flatMap(SpellChecker.init(language:)) : nil)
            }.value
            guard let self else { return }
            isLoading = false
            languages = found
            if wantsChecker {
                triedLanguage = .some(chosen)
                if checker == nil { Log.error("no spelling dictionary for \(chosen ?? found.1 ?? "the system's language") is installed") }
                self.checker = checker
            }
            notify()
            prepare()  // the preferences changed meanwhile
        }
    }

    /// The person's words changed (a word added or ignored): every editor checks again.
    func wordsChanged() { notify() }

    private func notify() {
        followers.removeAll { $0.owner == nil }
        for follower in followers { follower.handler() }
    }

    private struct Follower {
        weak var owner: AnyObject?
        let handler: @MainActor () -> Void
    }
}
