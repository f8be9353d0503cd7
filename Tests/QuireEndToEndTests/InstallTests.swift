import Foundation
import NoteModel
import Testing
import TestSupport

/// `./meson-wrapper.sh install` and `uninstall` into a temporary prefix, and
/// the installed Quire launched from the desktop's side: by D-Bus activation,
/// through its desktop file, and for a quire:// link.
@Suite("Installing into a prefix", .serialized)
struct InstallTests {
    /// Every file the install puts under the prefix.
    static let installedFiles = [
        "bin/quire", "libexec/quire",
        "share/applications/io.github.quire.Quire.desktop",
        "share/metainfo/io.github.quire.Quire.metainfo.xml",
        "share/icons/hicolor/scalable/apps/io.github.quire.Quire.svg",
        "share/icons/hicolor/symbolic/apps/io.github.quire.Quire-symbolic.svg",
        "share/dbus-1/services/io.github.quire.Quire.service",
        "share/gnome-shell/search-providers/io.github.quire.Quire.search-provider.ini",
        "share/io.github.quire.Quire/Info.plist",
        "share/io.github.quire.Quire/shortcuts.ui",
        // The editor's Markdown, and the schema GtkSourceView checks it against as it loads it.
        "share/io.github.quire.Quire/language-specs/quire-markdown.lang",
        "share/io.github.quire.Quire/language-specs/language2.rng",
        "share/io.github.quire.Quire/styles/quire-light.xml",
        "share/io.github.quire.Quire/styles/quire-dark.xml",
        "share/help/C/quire/index.page",
        "share/help/C/quire/categories.page",
    ] + ["es", "fr", "ja", "zh_CN"].flatMap { language in
        ["quire", "scenes"].map { "share/locale/\(language)/LC_MESSAGES/\($0).mo" }
            + ["index", "sync"].map { "share/help/\(language)/quire/\($0).page" }
    }

    /// Runs `program` as the developer's shell would (this process's environment),
    /// its output kept in `folder`.
    private func host(_ program: String, _ arguments: [String], in folder: TemporaryDirectory)
        throws -> (status: Int32?, output: String, error: String)
    {
        try ChildProcess.run(
            program, arguments, environment: ProcessInfo.processInfo.environment, outputDirectory: folder.path,
            seconds: 1_200)
    }

    private func wrapper(_ arguments: [String], in folder: TemporaryDirectory) throws -> (status: Int32?, output: String, error: String) {
        try host(BuiltProducts.sourceRoot + "/meson-wrapper.sh", arguments, in: folder)
    }

    private func run(_ program: String, _ arguments: [String], on desktop: PrivateDesktop, _ extra: [String: String] = [:])
        throws -> (status: Int32?, output: String, error: String)
    {
        try ChildProcess.run(program, arguments, environment: desktop.environment(extra), outputDirectory: desktop.directory.path)
    }

    @Test("install puts every file in the prefix, valid; the installed app launches from the desktop and opens links; uninstall leaves nothing")
    func installLaunchUninstall() throws {
        let prefixFolder = try TemporaryDirectory(prefix: "quire-prefix")
        defer { prefixFolder.remove() }
        let prefix = prefixFolder.file("prefix")  // the logs go beside it, not in it
        let installed = try wrapper(["install", "--prefix", prefix], in: prefixFolder)
        try #require(installed.status == 0, "install failed: \(installed.error.suffix(3_000))")
        for file in InstallTests.installedFiles {
            #expect(FileManager.default.fileExists(atPath: "\(prefix)/\(file)"), "\(file) is installed")
        }

        // The real validators accept what was installed.
        let desktopFile = "\(prefix)/share/applications/io.github.quire.Quire.desktop"
        let validDesktop = try host("desktop-file-validate", [desktopFile], in: prefixFolder)
        #expect(validDesktop.status == 0, "\(validDesktop.output)\(validDesktop.error)")
        let validMetainfo = try host(
            "appstreamcli", ["validate", "--no-net", "\(prefix)/share/metainfo/io.github.quire.Quire.metainfo.xml"],
            in: prefixFolder)
        #expect(validMetainfo.status == 0, "\(validMetainfo.output)\(validMetainfo.error)")
        let helpPages = "\(prefix)/share/help/ja/quire"
        let translatedPages = try FileManager.default.contentsOfDirectory(atPath: helpPages).filter { $0.hasSuffix(".page") }
        let validHelp = try host("yelp-check", ["validate"] + translatedPages.map { "\(helpPages)/\($0)" }, in: prefixFolder)
        #expect(validHelp.status == 0 && validHelp.output.isEmpty, "\(validHelp.output)\(validHelp.error)")
        let japaneseIndex = try String(contentsOfFile: "\(helpPages)/index.page", encoding: .utf8)
        #expect(japaneseIndex.contains("<title>Quire ヘルプ</title>"), "the help is installed in Japanese")
        let entry = try String(contentsOfFile: desktopFile, encoding: .utf8)
        for line in ["DBusActivatable=true", "MimeType=x-scheme-handler/quire;", "StartupNotify=true",
                     "Exec=\(prefix)/bin/quire %U", "Exec=\(prefix)/bin/quire --new-window", "Name[fr]=Quire"] {
            #expect(entry.contains(line + "\n"), "the desktop file has \(line)")
        }
        let service = try String(contentsOfFile: "\(prefix)/share/dbus-1/services/io.github.quire.Quire.service", encoding: .utf8)
        #expect(service.contains("Exec=\(prefix)/bin/quire --gapplication-service"))

        // The installed programs know nothing of the source tree.
        for program in ["bin/quire", "libexec/quire"] {
            let binary = try Data(contentsOf: URL(fileURLWithPath: "\(prefix)/\(program)"))
            #expect(binary.range(of: Data(BuiltProducts.sourceRoot.utf8)) == nil, "\(program): no path into \(BuiltProducts.sourceRoot)")
        }

        // A desktop session that looks in the prefix, as one that installed into ~/.local does.
        let home = try TemporaryDirectory(prefix: "quire-installed-home")
        defer { home.remove() }
        let session = [
            "XDG_DATA_DIRS": "\(prefix)/share:/usr/share", "XDG_DATA_HOME": home.file("data"),
            "XDG_STATE_HOME": home.file("state"), "XDG_CONFIG_HOME": home.file("config"), "LANG": "C.UTF-8", "SCENES_TRACE": "1",
        ]
        let helpOpened = try HelpWindowsTests.standInHelpViewer(applications: home.file("data/applications"), config: home.file("config"))
        let desktop = try PrivateDesktop(busEnvironment: session)
        // The app grid launches it by its desktop file; it is D-Bus activated.
        let launched = try run("gapplication", ["launch", "io.github.quire.Quire"], on: desktop, session)
        #expect(launched.status == 0, "\(launched.error)")
        let window = try desktop.waitForWindow(matching: "^New Note — Quire$")
        try desktop.type("Installed note", into: window)
        let notes = "\(home.file("data"))/io.github.quire.Quire/notes.sqlite"
        func storedNoteID() -> String? {
            guard FileManager.default.fileExists(atPath: notes) else { return nil }
            return (try? NoteStore(path: notes).allNotes())?.first { $0.title == "Installed note" }?.id.uuidString.lowercased()
        }
        #expect(eventually(within: 10) { storedNoteID() != nil })
        let id = try #require(storedNoteID())
        // F1: the installed help, by its name.
        try desktop.xdotool("key", "F1")
        #expect(eventually(within: 10) { HelpWindowsTests.address(openedIn: helpOpened) == "help:quire" },
                "\(HelpWindowsTests.address(openedIn: helpOpened))")

        // A quire:// link opened on the desktop reaches the running app, which gives the note its own window.
        let opened = try run("gio", ["open", "quire://note/\(id)"], on: desktop, session)
        #expect(opened.status == 0, "\(opened.error)")
        #expect(eventually(within: 10) { desktop.windowTitles(matching: " — Quire$") == ["Installed note — Quire", "Installed note — Quire"] },
                "\(desktop.windowTitles(matching: " — Quire$"))")
        // The desktop file's New Window action.
        let action = try run("gapplication", ["action", "io.github.quire.Quire", "new-window"], on: desktop, session)
        #expect(action.status == 0, "\(action.error)")
        #expect(eventually(within: 10) { desktop.windowTitles(matching: " — Quire$").count == 3 })
        // `quire --new-window` from a terminal: the `quire` command hands it to the running app
        // without starting a second one, and says nothing.
        func traceLines() -> [Substring] {
            desktop.activatedProgramsOutput.split(separator: "\n").filter { $0.hasPrefix("scenes: ") }
        }
        let traceBefore = traceLines()
        // The dynamic linker's own record of the libraries it loaded: GIO, not GTK.
        let loaded = desktop.directory.file("new-window-libraries")
        let newWindow = try run(
            "\(prefix)/bin/quire", ["--new-window"], on: desktop,
            session.merging(["LD_DEBUG": "libs", "LD_DEBUG_OUTPUT": loaded]) { _, new in new })
        #expect(newWindow.status == 0 && newWindow.output.isEmpty && newWindow.error.isEmpty, "\(newWindow)")
        let libraries = (try? FileManager.default.contentsOfDirectory(atPath: desktop.directory.path))?
            .filter { $0.hasPrefix("new-window-libraries") }
            .compactMap { try? String(contentsOfFile: desktop.directory.file($0), encoding: .utf8) }.joined() ?? ""
        #expect(libraries.contains("libgio-2.0.so") && !libraries.contains("libgtk-4.so"), "\(libraries.suffix(2_000))")
        #expect(eventually(within: 10) { desktop.windowTitles(matching: " — Quire$").count == 4 })
        let handedOver = traceLines().dropFirst(traceBefore.count)
        #expect(!handedOver.contains { $0.contains("didFinishLaunchingWithOptions") }, "no second app: \(handedOver)")
        #expect(handedOver.contains { $0.contains("scene(_:willConnectTo:options:)") }, "\(handedOver)")
        _ = try run("gapplication", ["action", "io.github.quire.Quire", "quit"], on: desktop, session)
        #expect(eventually(within: 10) { desktop.windowTitles(matching: " — Quire$").isEmpty })
        // Its windows go before it has exited; until then a `quire` run hands its request to it.
        #expect(eventually(within: 20) { !desktop.busNameHasOwner("io.github.quire.Quire") },
                "the app quits: \(desktop.activatedProgramsOutput.suffix(2_000))")

        // Run straight from the prefix, in Japanese: the installed translations are used.
        let japanese = try ChildProcess(
            "\(prefix)/bin/quire", ["--fresh"], environment: desktop.environment(session.merging(["LANGUAGE": "ja"]) { _, new in new }),
            outputDirectory: desktop.directory.path)
        guard let restored = try? desktop.waitForWindow(matching: "^Installed note — Quire$") else {
            Issue.record("no window came back; quire printed: \(japanese.standardError.suffix(2_000))")
            japanese.send(SIGTERM)
            return
        }
        try desktop.xdotool("windowfocus", "--sync", restored)
        try desktop.xdotool("key", "ctrl+n")
        _ = try desktop.waitForWindow(matching: "^新しいノート — Quire$")
        japanese.send(SIGTERM)
        #expect(japanese.waitForExit(seconds: 10) == 0)

        let removed = try wrapper(["uninstall", "--prefix", prefix], in: home)
        #expect(removed.status == 0, "\(removed.error.suffix(2_000))")
        let left = FileManager.default.enumerator(atPath: prefix)?.allObjects as? [String] ?? []
        #expect(left.isEmpty, "the prefix is clean: \(left)")
    }
}
