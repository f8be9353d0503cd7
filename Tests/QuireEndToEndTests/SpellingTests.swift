import Foundation
import NoteModel
import Spelling
import Testing
import TestSupport

/// Spell checking as a person meets it: words spelled wrong underlined in
/// red as they are typed, the right-click menu (or Shift+F10) offering what
/// they may mean, Add to Dictionary, and the switch in Preferences.
@Suite("Spell checking, end to end", .serialized)
struct SpellingTests {
    /// The underline's red, as drawn (antialiased: matched loosely).
    static let underlineRed = "#e01b24"

    /// The spelling trace's lines telling of a check, so far.
    private func checks(_ session: QuireSession) -> [Substring] {
        session.messages.split(separator: "\n").filter { $0.hasPrefix("spelling: checked ") }
    }

    /// The words the last check of the text that shows found spelled wrong (its trace), once there was one.
    private func lastCheck(_ session: QuireSession) -> [String]? {
        guard let last = checks(session).last, let found = last.split(separator: " ").first(where: { $0.hasPrefix("misspelled=") }) else {
            return nil
        }
        return found.dropFirst("misspelled=".count).split(separator: ",").map(String.init)
    }

    /// Quire launched, with the spelling trace, onto one note with a word
    /// spelled wrong ("Groceries", "buy brwon bread"); its window.
    private func launchOnGroceries(accessibility: Bool = false) throws -> (session: QuireSession, window: String) {
        let session = try QuireSession(accessibility: accessibility)
        try NoteStore(path: session.notesPath).createNote(body: "Groceries\nbuy brwon bread")
        try session.launch(environment: ["QUIRE_TRACE_SPELLING": "1"])
        return (session, try session.waitForWindow(matching: "^Groceries — Quire$"))
    }

    /// Red pixels under the note's text in `window`.
    private func underlinePixels(_ session: QuireSession, in window: String, shot: String) -> Int {
        (try? session.pixels(of: SpellingTests.underlineRed, fuzz: "25%", in: window, left: MarkdownTests.notePane, shot: shot)) ?? -1
    }

    @Test("words spelled wrong are underlined as they are typed, but not in code or a link's address; Shift+F10 on one, then Add to Dictionary, keeps it in Enchant's word list and takes the underline off")
    func underlineAndAddByKeys() throws {
        let session = try QuireSession()
        try session.launch(environment: ["QUIRE_TRACE_SPELLING": "1"])
        let window = try session.waitForWindow(matching: "^New Note — Quire$")
        try session.desktop.type("Teh quick brwon fox, `codde` and [lnik](adress) okay", into: window)
        #expect(session.stores("Teh quick brwon fox, `codde` and [lnik](adress) okay"))
        #expect(eventually(within: 10) { lastCheck(session) == ["Teh", "brwon", "lnik"] }, "\(lastCheck(session) ?? [])")
        #expect(eventually(within: 10) { underlinePixels(session, in: window, shot: "spelling-underlined") > 20 }, "a red underline shows")

        // The cursor into "Teh", the menu by its key; from the bottom: Open Link (greyed out), Link, Italic, Bold,
        // Spelling Language, Ignore, Add to Dictionary.
        try session.desktop.xdotool("mousemove", "--window", window, "10", "300")  // no menu item under the pointer
        try session.desktop.xdotool("key", "ctrl+Home", "Right")
        #expect(try session.popUp({ try session.desktop.xdotool("key", "shift+F10") }))
        session.keepScreenshot(named: "spelling-menu-keys")
        try session.desktop.xdotool("key", "Up", "Up", "Up", "Up", "Up", "Up", "Return")
        let words = "\(session.configHome)/enchant/en_US.dic"
        #expect(eventually(within: 10) { (try? String(contentsOfFile: words, encoding: .utf8))?.contains("Teh") == true },
                "the word is in the person's word list, which GNOME Text Editor shares")
        #expect(eventually(within: 10) { lastCheck(session) == ["brwon", "lnik"] }, "\(lastCheck(session) ?? [])")
        #expect(session.stores("Teh quick brwon fox, `codde` and [lnik](adress) okay"), "the text is as typed")
        #expect(try session.stop() == 0)
    }

    @Test("a window on an empty note loads neither Enchant's providers nor a dictionary; the first word typed does, and is checked")
    func dictionaryOnFirstWord() throws {
        let session = try QuireSession()
        try session.launch(environment: ["QUIRE_TRACE_SPELLING": "1"])
        let window = try session.waitForWindow(matching: "^New Note — Quire$")
        func providersLoaded() throws -> Bool {
            let maps = try session.mappedFiles()
            #expect(maps.contains("/libgtk-4.so"))
            return maps.contains("/enchant-2/")
        }
        // The editor's first check, once it is on screen, finds nothing to check.
        #expect(eventually(within: 10) { session.messages.contains("spelling: nothing to check: the note is empty") })
        #expect(try !providersLoaded(), "no Enchant provider for an empty note")
        #expect(lastCheck(session) == nil, "nothing checked")

        try session.desktop.type("Teh", into: window)
        #expect(eventually(within: 10) { lastCheck(session) == ["Teh"] }, "\(lastCheck(session) ?? [])")
        #expect(try providersLoaded(), "the first word brought the dictionary")
        #expect(try session.stop() == 0)
    }

    @Test("a window on a note with text loads the dictionary once it has drawn and the app is idle, ahead of its first check")
    func dictionaryAheadOfFirstCheck() throws {
        let (session, _) = try launchOnGroceries()
        #expect(eventually(within: 10) { lastCheck(session) == ["brwon"] }, "\(lastCheck(session) ?? [])")
        let lines = session.messages.split(separator: "\n")
        func first(_ prefix: String) -> Int? { lines.firstIndex { $0.hasPrefix(prefix) } }
        let frame = try #require(lines.firstIndex { $0.hasPrefix("scenes: ") && $0.contains(" first-frame ") }, "the window drew")
        let ahead = try #require(first("spelling: loading the dictionary ahead"), "the dictionary loads ahead")
        let loaded = try #require(first("spelling: loaded en_US"))
        let checked = try #require(first("spelling: checked "))
        #expect(frame < ahead, "not before the window's first frame")
        #expect(ahead < loaded && loaded < checked, "loaded ahead, then checked")
        #expect(lines.filter { $0.hasPrefix("spelling: loading the dictionary ahead") }.count == 1, "once a process")
        #expect(first("spelling: named ") == nil, "the languages are named (ICU's locale data loaded) only for the menu")
        let pid = try #require(session.process?.pid)
        let niceness = try session.threads().filter { $0.name == "dictionaries" }
            .map { ProcStat(path: "/proc/\(pid)/task/\($0.id)/stat")?.field(19) }
        #expect(niceness == ["19"], "it loaded on a thread of its own at the lowest priority: \(niceness)")

        #expect(try session.stop() == 0)
    }

    @Test("a right-click on an underlined word offers what it may mean; picking one puts it in place, and Undo takes it back")
    func suggestionByMouse() throws {
        let (session, window) = try launchOnGroceries()
        _ = try session.focus(window)
        #expect(eventually(within: 10) { lastCheck(session) == ["brwon"] }, "\(lastCheck(session) ?? [])")
        var underline: (x: Int, y: Int, width: Int, height: Int)?
        _ = eventually(within: 10) {
            underline = try? session.box(of: SpellingTests.underlineRed, fuzz: "25%", in: window, left: MarkdownTests.notePane, shot: "spelling-word")
            return underline != nil
        }
        let word = try #require(underline, "the misspelled word is underlined")
        let suggestions = try #require(SpellChecker(language: "en_US")).suggestions(for: "brwon")
        let first = try #require(suggestions.first)
        var opened = false
        for _ in 0..<3 where !opened {
            try session.desktop.xdotool("mousemove", "--window", window, "\(word.x + word.width / 2)", "\(word.y - 6)")
            opened = try session.popUp({ try session.desktop.xdotool("click", "3") })
        }
        #expect(opened, "the right-click menu opened")
        #expect(session.messages.contains("spelling: named "), "the menu named the languages as it opened")
        session.keepScreenshot(named: "spelling-menu-mouse")
        // Up past Link, Italic, Bold, Spelling Language, Ignore, Add to Dictionary and the suggestions after the first.
        for _ in 0..<(6 + suggestions.count) { try session.desktop.xdotool("key", "Up") }
        try session.desktop.xdotool("key", "Return")
        #expect(session.stores("Groceries\nbuy \(first) bread"), "the first suggestion, \(first), replaced the word")
        try session.desktop.xdotool("key", "ctrl+z")
        #expect(session.stores("Groceries\nbuy brwon bread"), "one Undo step puts the word back")
        #expect(try session.stop() == 0)
    }

    @Test("Spelling Language in the right-click menu checks one note in French, kept for that note at the next launch; the others stay in English")
    func languagePerNote() throws {
        let session = try QuireSession()
        let store = try NoteStore(path: session.notesPath)
        let now = Date()
        try store.createNote(body: "Plan\nbuy brwon bread", at: now.addingTimeInterval(-60))
        let french = try store.createNote(body: "Recette\nmerci pour les crêpes", at: now)
        try session.launch(environment: ["QUIRE_TRACE_SPELLING": "1"])
        let window = try session.waitForWindow(matching: "^Recette — Quire$")
        _ = try session.focus(window)
        #expect(eventually(within: 10) { lastCheck(session)?.contains("merci") == true }, "checked in English: \(lastCheck(session) ?? [])")
        // The pointer out of the way: a menu item under it would take the keyboard's place.
        try session.desktop.xdotool("mousemove", "--window", window, "10", "300")
        try session.desktop.xdotool("key", "ctrl+End")
        #expect(try session.popUp({ try session.desktop.xdotool("key", "shift+F10") }))
        // From the bottom: Open Link (greyed out), Link, Italic, Bold, Spelling Language; in it, under its
        // heading: Default, English (United States), French (the dictionaries by name, fr first).
        try session.desktop.xdotool("key", "Up", "Up", "Up", "Up", "Return")
        session.keepScreenshot(named: "spelling-languages")
        try session.desktop.xdotool("key", "Down", "Down", "Down", "Return")
        #expect(eventually(within: 10) { (try? store.spellingLanguage(of: french.id)) == "fr" })
        #expect(eventually(within: 10) { lastCheck(session) == [] }, "checked in French: \(lastCheck(session) ?? [])")
        try session.desktop.xdotool("mousemove", "--window", window, "\(QuireSession.secondRow.x)", "\(QuireSession.secondRow.y)", "click", "1")
        _ = try session.waitForWindow(matching: "^Plan — Quire$")
        #expect(eventually(within: 10) { lastCheck(session) == ["brwon"] }, "the other note in English: \(lastCheck(session) ?? [])")
        #expect(try session.stop() == 0)

        try session.launch(environment: ["QUIRE_TRACE_SPELLING": "1"])
        let again = try session.waitForWindow(matching: "^Plan — Quire$")
        _ = try session.focus(again)
        // The first row, a row's height above the second: Recette, the newest.
        try session.desktop.xdotool("mousemove", "--window", again, "\(QuireSession.secondRow.x)", "\(QuireSession.secondRow.y - 52)", "click", "1")
        _ = try session.waitForWindow(matching: "^Recette — Quire$")
        #expect(eventually(within: 10) { lastCheck(session) == [] }, "still French: \(lastCheck(session) ?? [])")
        #expect(try session.stop() == 0)
    }

    @Test("a language chosen for a note in its own window is the one the main window on that note checks it in")
    func languageInEveryWindow() throws {
        let session = try QuireSession()
        let store = try NoteStore(path: session.notesPath)
        let french = try store.createNote(body: "Recette\nmerci pour les crêpes")
        try session.launch(environment: ["QUIRE_TRACE_SPELLING": "1"])
        let main = try session.waitForWindow(matching: "^Recette — Quire$")
        _ = try session.focus(main)
        #expect(eventually(within: 30) { lastCheck(session)?.contains("merci") == true }, "checked in English: \(lastCheck(session) ?? [])")
        try session.desktop.xdotool("key", "ctrl+shift+o")  // Open in New Window
        let own = try session.focusNewWindow(besides: [main])
        try session.desktop.xdotool("mousemove", "--window", own, "10", "300")
        try session.desktop.xdotool("key", "ctrl+End")
        #expect(try session.popUp({ try session.desktop.xdotool("key", "shift+F10") }))
        // Spelling Language, then French (as in `languagePerNote`).
        try session.desktop.xdotool("key", "Up", "Up", "Up", "Up", "Return")
        try session.desktop.xdotool("key", "Down", "Down", "Down", "Return")
        #expect(eventually(within: 10) { (try? store.spellingLanguage(of: french.id)) == "fr" })
        // Only the main window left to check: what it finds once typed into is its own check.
        _ = try session.focus(own)
        try session.desktop.xdotool("mousemove", "--window", own, "300", "300", "click", "1")
        try session.desktop.xdotool("key", "ctrl+w")
        #expect(eventually(within: 10) { session.windowIDs().count == 1 }, "\(session.desktop.windowTitles(matching: "Quire$"))")
        _ = try session.focus(main)
        let checksBefore = checks(session).count
        try session.desktop.xdotool("key", "ctrl+End")
        try session.desktop.type(" merci", into: main)
        #expect(session.stores("Recette\nmerci pour les crêpes merci"))
        #expect(eventually(within: 10) { checks(session).count > checksBefore && lastCheck(session) == [] },
                "the main window checks in French: \(lastCheck(session) ?? [])")
        #expect(try session.stop() == 0)
    }

    @Test("Check Spelling turned off in Preferences takes the underline off at once, and stays off at the next launch")
    func switchInPreferences() throws {
        let (session, window) = try launchOnGroceries(accessibility: true)
        // The dictionary loads at launch, beside the windows: on a busy machine that takes a while.
        #expect(eventually(within: 30) { lastCheck(session) == ["brwon"] }, "checked: \(session.messages.suffix(1_000))")
        #expect(eventually(within: 10) { underlinePixels(session, in: window, shot: "spelling-on") > 20 })
        let tree = try AccessibilityTree(desktop: session.desktop)

        func openGeneralPreferences(from noteWindow: String) throws -> String {
            _ = try session.focus(noteWindow)
            try session.desktop.xdotool("key", "ctrl+comma")
            let preferences = try session.waitForWindow(matching: "^Preferences$")
            let isGeneralTab: (AccessibilityTree.Element) -> Bool = { $0.role == "tab" && $0.name == "General" && ($0.frame?.width ?? 0) > 0 }
            let tab = try #require(tree.elements(once: isGeneralTab).first(where: isGeneralTab)?.frame, "the General page's tab")
            try session.desktop.xdotool("mousemove", "--window", preferences, "\(tab.x + tab.width / 2)", "\(tab.y + tab.height / 2)", "click", "1")
            return preferences
        }
        let isSwitch: (AccessibilityTree.Element) -> Bool = { $0.role == "switch" && $0.name == "Check Spelling" && ($0.frame?.width ?? 0) > 0 }

        let preferences = try openGeneralPreferences(from: window)
        let toggle = try #require(tree.elements(once: isSwitch).first(where: isSwitch), "the Check Spelling switch")
        #expect(toggle.isChecked, "on by default")
        let frame = try #require(toggle.frame)
        try session.desktop.xdotool("mousemove", "--window", preferences, "\(frame.x + frame.width / 2)", "\(frame.y + frame.height / 2)", "click", "1")
        #expect(eventually(within: 10) { underlinePixels(session, in: window, shot: "spelling-off") == 0 }, "the underline went")
        let file = "\(session.configHome)/io.github.quire.Quire/preferences.json"
        #expect(eventually(within: 10) {
            let saved = FileManager.default.contents(atPath: file).flatMap { try? JSONSerialization.jsonObject(with: $0) as? [String: Any] }
            return saved?["checksSpelling"] as? Bool == false
        }, "the preference is kept")
        #expect(try session.stop() == 0)

        try session.launch(environment: ["QUIRE_TRACE_SPELLING": "1"])
        let again = try session.waitForWindow(matching: "^Groceries — Quire$")
        _ = try openGeneralPreferences(from: again)
        let switches = tree.elements(once: isSwitch).filter(isSwitch)
        #expect(switches.count == 1 && switches.first?.isChecked == false, "still off")
        #expect(underlinePixels(session, in: again, shot: "spelling-off-relaunched") == 0)
        #expect(lastCheck(session) == nil, "nothing was checked")
        #expect(try session.stop() == 0)
    }
}
