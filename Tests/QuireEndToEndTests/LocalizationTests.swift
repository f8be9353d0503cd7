import Foundation
import NoteModel
import Testing
import TestSupport

/// Quire in the four languages of its translations, as `LANGUAGE=<code> quire`
/// shows it: window titles, menus, controls and relative times with their plurals.
@Suite("Translations, end to end", .serialized)
struct LocalizationTests {
    /// What a person reading each language sees, by the English it replaces.
    struct Expected: Sendable, CustomStringConvertible {
        let language: String
        let newNote: String, quit: String, newWindow: String, search: String
        /// The header bar's icon buttons, as screen readers name them.
        let newNoteButton: String, trashButton: String
        let oneMinuteAgo: String, fiveMinutesAgo: String, threeDaysAgo: String
        /// A note written on 5 March 2024, in the language's order (the C locale's month names: LANG is C.UTF-8).
        let longAgo: String
        /// The main menu's zoom, at its normal size.
        let zoom: String
        /// What the list's empty state says when a search for "zzz" finds nothing.
        let noMatch: String
        var description: String { language }
    }

    static let languages = [
        // The messages as written: no catalogue for English.
        Expected(language: "en", newNote: "New Note", quit: "Quit", newWindow: "New Window",
                 search: "Search notes", newNoteButton: "New Note", trashButton: "Trash", oneMinuteAgo: "1 minute ago",
                 fiveMinutesAgo: "5 minutes ago", threeDaysAgo: "3 days ago", longAgo: "Mar 5, 2024", zoom: "100%",
                 noMatch: "No notes match “zzz”."),
        Expected(language: "fr", newNote: "Nouvelle note", quit: "Quitter", newWindow: "Nouvelle fenêtre",
                 search: "Rechercher dans les notes", newNoteButton: "Nouvelle note", trashButton: "Corbeille", oneMinuteAgo: "il y a 1 minute",
                 fiveMinutesAgo: "il y a 5 minutes", threeDaysAgo: "il y a 3 jours", longAgo: "5 Mar 2024", zoom: "100\u{202F}%",
                 noMatch: "Aucune note ne correspond à « zzz »."),
        Expected(language: "es", newNote: "Nota nueva", quit: "Salir", newWindow: "Ventana nueva",
                 search: "Buscar en las notas", newNoteButton: "Nota nueva", trashButton: "Papelera", oneMinuteAgo: "hace 1 minuto",
                 fiveMinutesAgo: "hace 5 minutos", threeDaysAgo: "hace 3 días", longAgo: "5 Mar 2024", zoom: "100\u{A0}%",
                 noMatch: "Ninguna nota coincide con «zzz»."),
        Expected(language: "ja", newNote: "新しいノート", quit: "終了", newWindow: "新しいウィンドウ",
                 search: "ノートを検索", newNoteButton: "新しいノート", trashButton: "ゴミ箱", oneMinuteAgo: "1 分前", fiveMinutesAgo: "5 分前",
                 threeDaysAgo: "3 日前", longAgo: "2024年3月5日", zoom: "100%", noMatch: "「zzz」に一致するノートはありません。"),
        Expected(language: "zh_CN", newNote: "新建笔记", quit: "退出", newWindow: "新建窗口",
                 search: "搜索笔记", newNoteButton: "新建笔记", trashButton: "回收站", oneMinuteAgo: "1 分钟前", fiveMinutesAgo: "5 分钟前",
                 threeDaysAgo: "3 天前", longAgo: "2024年3月5日", zoom: "100%", noMatch: "没有与“zzz”匹配的笔记。"),
    ]

    /// The translations compiled with msgfmt, as the install does: the app's
    /// (`po/`, domain "quire") and, unless left out, the scene framework's own
    /// (`Sources/Scenes/po/`, domain "scenes").
    private static func compileCatalogues(into folder: TemporaryDirectory, framework: Bool = true) throws -> String {
        let root = folder.file("locale")
        let domains = [("quire", "po")] + (framework ? [("scenes", "Sources/Scenes/po")] : [])
        for language in ["es", "fr", "ja", "zh_CN"] {
            let messages = "\(root)/\(language)/LC_MESSAGES"
            try FileManager.default.createDirectory(atPath: messages, withIntermediateDirectories: true)
            for (domain, catalogues) in domains {
                let compiled = try ChildProcess.run(
                    "msgfmt", ["--check", "-o", "\(messages)/\(domain).mo", "\(BuiltProducts.sourceRoot)/\(catalogues)/\(language).po"],
                    environment: ProcessInfo.processInfo.environment, outputDirectory: folder.path)
                try #require(compiled.status == 0, "msgfmt \(catalogues)/\(language).po: \(compiled.error)")
            }
        }
        return root
    }

    @Test("the scene framework's text comes from its own catalogue: --help in French, with and without scenes.mo")
    func frameworkDomain() throws {
        let app = "Des notes dans autant de fenêtres"  // the app's summary, from quire.mo
        let framework = "Ouvrir une nouvelle fenêtre dans l’application lancée"  // --new-window, from scenes.mo
        for withFramework in [true, false] {
            let catalogues = try TemporaryDirectory(prefix: "quire-locale")
            defer { catalogues.remove() }
            let localeDirectory = try LocalizationTests.compileCatalogues(into: catalogues, framework: withFramework)
            var environment = ProcessInfo.processInfo.environment
            environment["LANGUAGE"] = "fr"
            environment["QUIRE_LOCALE_DIR"] = localeDirectory
            let help = try ChildProcess.run(
                BuiltProducts.executable("quire"), ["--help"], environment: environment, outputDirectory: catalogues.path)
            #expect(help.status == 0)
            #expect(help.output.contains(app), "the app's own text is translated: \(help.output)")
            #expect(help.output.contains(framework) == withFramework, "scenes.mo there: \(withFramework): \(help.output)")
            #expect(help.output.contains("Open a new window in the running app") == !withFramework, "\(help.output)")
        }
    }

    @Test("every string a person can see, the help's paragraphs too, is in the template and translated in every language, none fuzzy")
    func everyStringTranslated() throws {
        let folder = try TemporaryDirectory(prefix: "quire-po-check")
        defer { folder.remove() }
        let check = try ChildProcess.run(
            "bash", ["\(BuiltProducts.sourceRoot)/po/update-translations.sh", "--check"],
            environment: ProcessInfo.processInfo.environment, outputDirectory: folder.path, seconds: 60)
        #expect(check.status == 0, "run po/update-translations.sh and translate: \(check.error)")
    }

    @Test("LANGUAGE=<code> shows translated titles, controls, menus and relative times", arguments: languages)
    func translated(_ expected: Expected) throws {
        let catalogues = try TemporaryDirectory(prefix: "quire-locale")
        defer { catalogues.remove() }
        let localeDirectory = try LocalizationTests.compileCatalogues(into: catalogues)
        let session = try QuireSession(accessibility: true)
        // Notes written a minute, five minutes and three days ago, and on 5 March 2024 at noon UTC.
        let now = Date()
        try NoteStore(path: session.notesPath).importNotes([
            (body: "Ancient", modifiedAt: Date(timeIntervalSince1970: 1_709_640_000)),
            (body: "Oldest", modifiedAt: now.addingTimeInterval(-3 * 86_400 - 600)),
            (body: "Older", modifiedAt: now.addingTimeInterval(-5 * 60 - 20)),
            (body: "Newest", modifiedAt: now.addingTimeInterval(-90)),
        ])
        try session.launch(environment: ["LANGUAGE": expected.language, "QUIRE_LOCALE_DIR": localeDirectory])
        let window = try session.waitForWindow(matching: "^Newest — Quire$")
        try session.desktop.xdotool("windowfocus", "--sync", window)
        try session.desktop.xdotool("key", "ctrl+n")
        _ = try session.waitForWindow(matching: "^\(expected.newNote) — Quire$")
        try session.openPrimaryMenu()

        let elements = try AccessibilityTree(desktop: session.desktop).elements { $0.role == "menu item" }
        let tree = elements.map(\.description).joined(separator: "\n")
        let seen = Set(elements.map { "\($0.role): \($0.name)" })
        for item in ["menu item: \(expected.newWindow)", "menu item: \(expected.quit)", "search box: \(expected.search)",
                     "button: \(expected.trashButton)", "button: \(expected.newNoteButton)"] {
            #expect(seen.contains(item), "\(expected.language): \(item) is shown:\n\(tree)")
        }
        #expect(elements.contains { $0.name == expected.zoom }, "\(expected.language): the zoom shows as \(expected.zoom):\n\(tree)")
        // A row's name ends with when its note was written, as the row shows it.
        let rows = elements.filter { $0.role == "list item" }.map(\.name)
        for (title, age) in [("Newest", expected.oneMinuteAgo), ("Older", expected.fiveMinutesAgo), ("Oldest", expected.threeDaysAgo),
                             ("Ancient", expected.longAgo)] {
            #expect(rows.contains("\(title), \(age)"), "\(expected.language): \(title), \(age) is shown:\n\(tree)")
        }
        try session.desktop.xdotool("key", "Escape")
        session.keepScreenshot(named: "main-window-\(expected.language)")

        // A search that finds nothing says so, in the same language.
        try session.desktop.xdotool("key", "ctrl+f")
        try session.desktop.type("zzz", into: window)
        let emptyState = "label: \(expected.noMatch)"
        #expect(eventually(within: 5) {
            ((try? AccessibilityTree(desktop: session.desktop).elements()) ?? []).contains { "\($0.role): \($0.name)" == emptyState }
        }, "\(expected.language): \(emptyState) is shown")
        #expect(try session.stop() == 0)
    }
}
