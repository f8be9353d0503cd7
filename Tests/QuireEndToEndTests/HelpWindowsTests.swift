import Foundation
import Testing
import TestSupport

/// Keyboard Shortcuts and About: they open, close with Escape, and the
/// shortcuts window lists every accelerator the app sets.
@Suite("Keyboard Shortcuts and About", .serialized)
struct HelpWindowsTests {
    @Test("Ctrl+? opens Keyboard Shortcuts and About opens from its action; Escape closes each")
    func openAndClose() throws {
        let session = try QuireSession()
        try session.launch()
        let main = try session.waitForWindow(matching: "^New Note — Quire$")
        try session.desktop.xdotool("windowfocus", "--sync", main)
        try session.desktop.xdotool("key", "ctrl+question")
        let shortcuts = try session.waitForWindow(matching: "^Keyboard Shortcuts$")
        session.keepScreenshot(named: "keyboard-shortcuts")
        try session.desktop.xdotool("windowfocus", "--sync", shortcuts)
        try session.desktop.xdotool("key", "Escape")
        #expect(eventually(within: 5) { session.desktop.windowTitles(matching: "^Keyboard Shortcuts$").isEmpty })

        let action = try ChildProcess.run(
            "gapplication", ["action", "io.github.quire.Quire", "about"],
            environment: session.environment(), outputDirectory: session.desktop.directory.path)
        #expect(action.status == 0, "\(action.error)")
        let about = try session.waitForWindow(matching: "^About Quire$")
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
}
