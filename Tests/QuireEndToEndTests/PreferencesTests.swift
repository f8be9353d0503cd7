import Foundation
import NoteModel
import Testing
import TestSupport

/// The General page of Preferences as a person uses it: the list's order,
/// the windows' style and the notes' font, each taking effect at once in
/// the windows, and kept for the next launch.
@Suite("Preferences, end to end", .serialized)
struct PreferencesTests {
    /// The note rows' titles in the list, once they are `wanted` (Preferences' own rows left out).
    private func listed(_ tree: AccessibilityTree, _ wanted: [String]) -> [String] {
        let notes = Set(wanted)
        return PinTests.titles(PinTests.rows(tree) { PinTests.titles($0).filter(notes.contains) == wanted }).filter(notes.contains)
    }

    /// Opens Preferences over `window` with Ctrl+comma and expects it on its
    /// General page (the Sync page's rows not shown); returns its window.
    private func openGeneral(_ session: QuireSession, over window: String, _ tree: AccessibilityTree) throws -> String {
        _ = try session.focus(window)
        try session.desktop.xdotool("key", "ctrl+comma")
        let preferences = try session.waitForWindow(matching: "^Preferences$")
        let shown: (AccessibilityTree.Element) -> Bool = { ($0.frame?.width ?? 0) > 0 }
        let elements = tree.elements(once: { $0.name == "Sort Notes By" && shown($0) })
        #expect(elements.contains { $0.name == "Sort Notes By" && shown($0) }, "the General page first")
        let syncRows = elements.filter { $0.name == "Server Address" && shown($0) }
        #expect(syncRows.isEmpty, "the Sync page's rows are not shown: \(syncRows)")
        return preferences
    }

    /// Clicks the middle of the element named `name` (its role `role`, if given) in `window`.
    private func click(_ session: QuireSession, _ name: String, role: String? = nil, in window: String, _ tree: AccessibilityTree) throws {
        let wanted: (AccessibilityTree.Element) -> Bool = {
            $0.name == name && (role == nil || $0.role == role) && ($0.frame?.width ?? 0) > 0
        }
        let frame = try #require(tree.elements(once: wanted).first(where: wanted)?.frame, "no \(name) to click")
        try session.desktop.xdotool("mousemove", "--window", window, "\(frame.x + frame.width / 2)", "\(frame.y + frame.height / 2)", "click", "1")
    }

    /// How light the note pane of `window` is (0 to 255), read from a screenshot.
    private func notePaneLuminance(_ session: QuireSession, _ window: String, shot: String) throws -> Int {
        let place = try session.desktop.geometry(of: window)
        return try session.screenSample("luminance", atX: place.x + place.width - 40, y: place.y + place.height - 40, shot: shot)
    }

    @Test("Sort Notes By reorders the list at once (by title, then by creation); Style Dark darkens the windows; both hold at the next launch")
    func sortOrderAndStyle() throws {
        let session = try QuireSession(accessibility: true)
        let store = try NoteStore(path: session.notesPath)
        let now = Date()
        let apple = try store.createNote(body: "apple", at: now.addingTimeInterval(-300))
        try store.createNote(body: "banana", at: now.addingTimeInterval(-200))
        try store.createNote(body: "cherry", at: now.addingTimeInterval(-100))
        try store.updateBody(of: apple.id, to: "apple\npie", at: now)
        try session.launch()
        let window = try session.waitForWindow(matching: "^apple — Quire$")
        let tree = try AccessibilityTree(desktop: session.desktop)
        #expect(listed(tree, ["apple", "cherry", "banana"]) == ["apple", "cherry", "banana"], "the newest edit first")
        #expect(try notePaneLuminance(session, window, shot: "preferences-light") > 200)

        let preferences = try openGeneral(session, over: window, tree)
        #expect(try session.popUp({ try click(session, "Sort Notes By", in: preferences, tree) }))
        try session.desktop.xdotool("key", "Down", "Down", "Return")  // Date Edited, Date Created, Title
        #expect(listed(tree, ["apple", "banana", "cherry"]) == ["apple", "banana", "cherry"], "by title")
        #expect(try session.popUp({ try click(session, "Style", in: preferences, tree) }))
        try session.desktop.xdotool("key", "Down", "Down", "Return")  // Follow System, Light, Dark
        #expect(eventually(within: 10) { ((try? notePaneLuminance(session, window, shot: "preferences-dark")) ?? 255) < 80 },
                "the note window turned dark")
        session.keepScreenshot(named: "preferences-general")
        #expect(try session.stop() == 0)

        try session.launch()
        let again = try session.waitForWindow(matching: "^apple — Quire$")
        #expect(listed(tree, ["apple", "banana", "cherry"]) == ["apple", "banana", "cherry"], "still by title")
        #expect(eventually(within: 10) { ((try? notePaneLuminance(session, again, shot: "preferences-dark-relaunched")) ?? 255) < 80 })
        // By creation: its list opens with the keyboard on its first choice.
        let reopened = try openGeneral(session, over: again, tree)
        #expect(try session.popUp({ try click(session, "Sort Notes By", in: reopened, tree) }))
        try session.desktop.xdotool("key", "Down", "Return")
        #expect(listed(tree, ["cherry", "banana", "apple"]) == ["cherry", "banana", "apple"], "the newest note first")
        #expect(try session.stop() == 0)
    }

    @Test("a font chosen for the notes sets their text in it; Use the Document Font brings the desktop's back at once")
    func notesFont() throws {
        let session = try QuireSession(accessibility: true)
        let store = try NoteStore(path: session.notesPath)
        try store.createNote(body: "Groceries\nmilk, eggs and bread")
        let config = "\(session.configHome)/io.github.quire.Quire"
        try FileManager.default.createDirectory(atPath: config, withIntermediateDirectories: true)
        try Data(#"{"editorFont": "DejaVu Sans 24"}"#.utf8).write(to: URL(fileURLWithPath: "\(config)/preferences.json"))
        try session.launch()
        let window = try session.waitForWindow(matching: "^Groceries — Quire$")
        let large = try session.settledInk(in: window, left: MarkdownTests.notePane, shot: "preferences-font-large")
        let tree = try AccessibilityTree(desktop: session.desktop)
        let preferences = try openGeneral(session, over: window, tree)
        try click(session, "Use the Document Font", role: "switch", in: preferences, tree)
        var normal = large
        #expect(eventually(within: 10) {
            normal = (try? session.settledInk(in: window, left: MarkdownTests.notePane, shot: "preferences-font-document")) ?? large
            return normal.width * 3 < large.width * 2
        }, "the text went back to the smaller document font: \(large.width) then \(normal.width) pixels wide")
        let saved = try String(contentsOfFile: "\(config)/preferences.json", encoding: .utf8)
        #expect(!saved.contains("editorFont"), "the document font is the default, not a font of its own")
        #expect((try FileManager.default.attributesOfItem(atPath: "\(config)/preferences.json")[.posixPermissions] as? Int) == 0o600,
                "rewritten readable by its owner alone")
        #expect(try session.stop() == 0)
    }
}
