import Foundation
import Testing
import TestSupport

/// Keyboard Shortcuts and About: they open, close with Escape, and the
/// shortcuts window lists every accelerator the app sets.
@Suite("Keyboard Shortcuts and About", .serialized)
struct HelpWindowsTests {
    @Test("Ctrl+? opens Keyboard Shortcuts, which fits the screen and carries the app's identifier, and About opens from its action; Escape closes each")
    func openAndClose() throws {
        let session = try QuireSession(accessibility: true)
        try session.launch()
        let main = try session.waitForWindow(matching: "^New Note — Quire$")
        try session.desktop.xdotool("windowfocus", "--sync", main)
        try session.desktop.xdotool("key", "ctrl+question")
        let shortcuts = try session.waitForWindow(matching: "^Keyboard Shortcuts$")
        session.keepScreenshot(named: "keyboard-shortcuts")
        let size = try session.desktop.geometry(of: shortcuts)
        #expect(size.width <= 1280 && size.height <= 800, "it fits the 1280 × 800 screen: \(size)")
        // Every window carries the app's identifier (WM_CLASS here, the app id on Wayland), dialogs too.
        let labelled = (try? session.desktop.xdotool("search", "--classname", "^io\\.github\\.quire\\.Quire$")) ?? ""
        #expect(labelled.split(separator: "\n").contains(Substring(shortcuts)) && labelled.split(separator: "\n").contains(Substring(main)),
                "\(labelled)")
        try session.desktop.xdotool("windowfocus", "--sync", shortcuts)
        try session.desktop.xdotool("key", "Escape")
        #expect(eventually(within: 5) { session.desktop.windowTitles(matching: "^Keyboard Shortcuts$").isEmpty })

        let action = try ChildProcess.run(
            "gapplication", ["action", "io.github.quire.Quire", "about"],
            environment: session.environment(), outputDirectory: session.desktop.directory.path)
        #expect(action.status == 0, "\(action.error)")
        let about = try session.waitForWindow(matching: "^About Quire$")
        let shown = try AccessibilityTree(desktop: session.desktop).elements { $0.name == "Report an Issue" }.map(\.name)
        #expect(shown.contains("The Quire developers") && shown.contains("Report an Issue") && shown.contains("Credits"), "\(shown)")
        Thread.sleep(forTimeInterval: 0.5)  // its first frame, for the screenshot
        session.keepScreenshot(named: "about")
        try session.desktop.xdotool("windowfocus", "--sync", about)
        try session.desktop.xdotool("key", "Escape")
        #expect(eventually(within: 5) { session.desktop.windowTitles(matching: "^About Quire$").isEmpty })
        #expect(session.process?.isRunning == true)
        #expect(try session.stop() == 0)
    }

    @Test("every accelerator the app sets is listed in the Keyboard Shortcuts window, keypad twins aside")
    func everyAcceleratorListed() throws {
        func matches(_ pattern: String, in text: String) throws -> Set<String> {
            let expression = try NSRegularExpression(pattern: pattern)
            let range = NSRange(text.startIndex..., in: text)
            return Set(expression.matches(in: text, range: range).compactMap { match in
                Range(match.range(at: 1), in: text).map { String(text[$0]) }
            })
        }
        let root = BuiltProducts.sourceRoot
        var code = ""
        for folder in ["Sources/Quire", "Sources/Scenes"] {  // and their subfolders
            let files = FileManager.default.enumerator(atPath: "\(root)/\(folder)")?.compactMap { $0 as? String } ?? []
            for file in files where file.hasSuffix(".swift") {
                code += try String(contentsOfFile: "\(root)/\(folder)/\(file)", encoding: .utf8)
            }
        }
        let set = try matches(#"accelerators: \[([^\]]+)\]"#, in: code)
            .flatMap { try matches(#""([^"]+)""#, in: $0) }
        let listed = try matches(#"<property name="accelerator">([^<]+)</property>"#,
                                 in: String(contentsOfFile: "\(root)/Resources/shortcuts.ui", encoding: .utf8))
            .map { $0.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">") }
            .flatMap { $0.split(separator: " ").map(String.init) }  // a shortcut's alternative keys
        #expect(set.count >= 8, "found the app's accelerators: \(set.sorted())")
        // A keypad twin (Ctrl+KP_Add beside Ctrl+plus) shows the same keycap:
        // listing it would only repeat the shortcut.
        let missing = Set(set.filter { !$0.contains("KP_") }).subtracting(listed)
        #expect(missing.isEmpty, "accelerators not in shortcuts.ui: \(missing.sorted())")
    }

    @Test("F1 hands Quire's help pages to the desktop's help viewer; with none installed, the window says what to install")
    func helpViewer() throws {
        let session = try QuireSession(accessibility: true)
        let config = session.desktop.directory.file("config"), applications = "\(session.dataHome)/applications"
        let opened = try HelpWindowsTests.standInHelpViewer(applications: applications, config: config)
        try session.launch(environment: ["XDG_CONFIG_HOME": config])
        let main = try session.waitForWindow(matching: "^New Note — Quire$")
        try session.desktop.xdotool("windowfocus", "--sync", main)
        try session.desktop.xdotool("key", "F1")
        // A debug build run from the source tree opens the tree's pages; installed, `help:quire` (InstallTests).
        let pages = "ghelp:\(BuiltProducts.sourceRoot)/help/C"
        #expect(eventually(within: 10) { HelpWindowsTests.address(openedIn: opened) == pages }, "\(HelpWindowsTests.address(openedIn: opened))")
        #expect(FileManager.default.fileExists(atPath: "\(BuiltProducts.sourceRoot)/help/C/index.page"))

        try FileManager.default.removeItem(atPath: "\(config)/mimeapps.list")
        try FileManager.default.removeItem(atPath: "\(applications)/quire-test-help.desktop")
        try session.desktop.xdotool("key", "F1")
        let tree = try AccessibilityTree(desktop: session.desktop)
        let said = tree.elements { $0.name.hasPrefix("No help viewer could open") }
        #expect(said.contains { $0.name.hasPrefix("No help viewer could open") && $0.name.contains("Install Yelp") },
                "\(said.map(\.name).filter { $0.contains("help") })")
        session.keepScreenshot(named: "help-missing")
        #expect(try session.stop() == 0)
    }

    @Test("the help pages are valid Mallard (yelp-check), every link between them leads somewhere, and every page is reachable")
    func helpPagesValid() throws {
        let pages = "\(BuiltProducts.sourceRoot)/help/C"
        let files = try FileManager.default.contentsOfDirectory(atPath: pages).filter { $0.hasSuffix(".page") }.sorted()
        #expect(files.count >= 10, "\(files)")
        let path = ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin"]
        let folder = try TemporaryDirectory(prefix: "quire-help-check")
        defer { folder.remove() }
        for check in [["validate"] + files.map { "\(pages)/\($0)" }, ["links", pages], ["orphans", pages]] {
            let result = try ChildProcess.run("yelp-check", check, environment: path, outputDirectory: folder.path)
            #expect(result.status == 0 && result.output.isEmpty, "yelp-check \(check[0]): \(result.output) \(result.error)")
        }
    }

    @Test("each language's help pages, merged as the install merges them, are valid Mallard")
    func translatedHelpValid() throws {
        let help = "\(BuiltProducts.sourceRoot)/help"
        let languages = try String(contentsOfFile: "\(help)/LINGUAS", encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(Set(languages) == ["es", "fr", "ja", "zh_CN"], "the app's languages: \(languages)")
        let path = ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin"]
        let folder = try TemporaryDirectory(prefix: "quire-help-translations")
        defer { folder.remove() }
        let pages = try FileManager.default.contentsOfDirectory(atPath: "\(help)/C").filter { $0.hasSuffix(".page") }.sorted()
        // That every message is translated and current, LocalizationTests checks (update-translations.sh --check).
        for language in languages {
            let merged = folder.file(language)
            try FileManager.default.createDirectory(atPath: merged, withIntermediateDirectories: true)
            let compiled = try ChildProcess.run(
                "msgfmt", ["-c", "-o", folder.file("\(language).mo"), "\(help)/\(language)/\(language).po"],
                environment: path, outputDirectory: folder.path)
            #expect(compiled.status == 0, "\(language): \(compiled.error)")
            let merging = try ChildProcess.run(
                "itstool", ["-m", folder.file("\(language).mo"), "-o", merged + "/"] + pages.map { "\(help)/C/\($0)" },
                environment: path, outputDirectory: folder.path)
            #expect(merging.status == 0, "\(language): \(merging.error)")
            let valid = try ChildProcess.run(
                "yelp-check", ["validate"] + pages.map { "\(merged)/\($0)" }, environment: path, outputDirectory: folder.path)
            #expect(valid.status == 0 && valid.output.isEmpty, "\(language): \(valid.output) \(valid.error)")
            let index = try String(contentsOfFile: "\(merged)/index.page", encoding: .utf8)
            let tag = language.replacingOccurrences(of: "_", with: "-")  // zh_CN's pages say xml:lang="zh-CN"
            #expect(index.contains("xml:lang=\"\(tag)\"") && !index.contains("<title>Quire Help</title>"), "\(language) is translated")
        }
    }

    /// A stand-in for Yelp: the desktop's handler for help addresses (a desktop
    /// file in `applications`, the default in `config`'s mimeapps.list), writing
    /// down the address it was given. Returns where it writes it.
    static func standInHelpViewer(applications: String, config: String) throws -> String {
        let opened = "\(config)/help-opened"
        try FileManager.default.createDirectory(atPath: config, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: applications, withIntermediateDirectories: true)
        try """
            [Desktop Entry]
            Type=Application
            Name=Help stand-in
            Exec=/bin/sh -c 'echo "$1" > \(opened)' sh %u
            MimeType=x-scheme-handler/help;x-scheme-handler/ghelp;
            NoDisplay=true

            """.write(toFile: "\(applications)/quire-test-help.desktop", atomically: true, encoding: .utf8)
        let defaults = "[Default Applications]\nx-scheme-handler/help=quire-test-help.desktop\nx-scheme-handler/ghelp=quire-test-help.desktop\n"
        try defaults.write(toFile: "\(config)/mimeapps.list", atomically: true, encoding: .utf8)
        return opened
    }

    /// The address the stand-in help viewer was given ("" before it ran).
    static func address(openedIn file: String) -> String {
        ((try? String(contentsOfFile: file, encoding: .utf8)) ?? "").trimmingCharacters(in: .newlines)
    }
}
