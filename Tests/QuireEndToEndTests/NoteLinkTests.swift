import Foundation
import NoteModel
import Testing
import TestSupport

/// quire://note/<id> links and Open in New Window: a note gets one window of
/// its own, raised rather than duplicated, also after a relaunch.
@Suite("Note windows and links, end to end", .serialized)
struct NoteLinkTests {
    private func noteEditorSessions(_ session: QuireSession) -> [String] {
        session.lifecycle.filter { $0.callback == "scene(_:willConnectTo:options:)" && $0.configuration == "Note Editor" }
            .map(\.session)
    }

    private func createdCount(_ session: QuireSession) -> Int {
        session.lifecycle.filter { $0.callback == "application(_:configurationForConnecting:options:)" }.count
    }

    /// Ctrl+click where the pointer is, on a note link: waits for its note's
    /// window, then checks the windows' titles are `titles`.
    private func ctrlClickOpensNote(
        _ session: QuireSession, windows titles: [String], sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        try session.desktop.xdotool("keydown", "ctrl")
        try session.desktop.xdotool("click", "1")
        try session.desktop.xdotool("keyup", "ctrl")
        session.waitForTrace { _ in noteEditorSessions(session).count == 1 }
        #expect(session.desktop.windowTitles(matching: " — Quire$").sorted() == titles, sourceLocation: sourceLocation)
    }

    @Test("a link opens the note in its own window; asking again raises it, also after a relaunch")
    func linkOpensOneWindow() throws {
        let session = try QuireSession()
        try session.launch()
        let main = try session.waitForWindow(matching: "^New Note — Quire$")
        try session.desktop.type("Linked note", into: main)
        #expect(eventually(within: 5) { (try? session.storedBody()) == "Linked note" })
        let id = try #require(try session.storedNotes().first?.id)
        let link = "quire://note/\(id.uuidString.lowercased())"

        #expect(try session.runSecond([link]).status == 0)
        session.waitForTrace { _ in noteEditorSessions(session).count == 1 }
        let noteWindow = try #require(noteEditorSessions(session).first)
        _ = try session.focusNewWindow(besides: [main])
        #expect(session.desktop.windowTitles(matching: "Quire$") == ["Linked note — Quire", "Linked note — Quire"])

        #expect(try session.runSecond([link]).status == 0)
        session.waitForTrace { $0.contains { $0.callback == "scene(_:continue:)" && $0.session == noteWindow } }
        #expect(createdCount(session) == 2, "raised, not duplicated")
        #expect(eventually(within: 5) { (try? session.savedSessions().count) == 2 })

        #expect(try session.stop() == 0)
        try session.launch()
        session.waitForTrace { $0.filter { $0.callback == "sceneWillEnterForeground(_:)" }.count == 2 }
        #expect(try session.runSecond([link]).status == 0)
        session.waitForTrace { $0.contains { $0.callback == "scene(_:continue:)" && $0.session == noteWindow } }
        #expect(createdCount(session) == 0, "after a relaunch the restored note window is raised")
        #expect(try session.stop() == 0)
    }

    @Test("a list row dragged out of the window and let go on the desktop opens its note in a window of its own, there; let go on the list, nothing opens")
    func rowDraggedOut() throws {
        let session = try QuireSession(accessibility: true)
        let store = try NoteStore(path: session.notesPath)
        try store.createNote(body: "Older note\nfirst")
        try store.createNote(body: "Dragged note\nsecond")
        store.close()
        try session.launch()
        let main = try session.waitForWindow(matching: "^Dragged note — Quire$")
        let tree = try AccessibilityTree(desktop: session.desktop)
        let dragged = try tree.frame(ofRow: "Dragged note"), older = try tree.frame(ofRow: "Older note")
        let size = try session.desktop.geometry(of: main)
        let desktop = (x: Int32(size.width) + 200, y: Int32(size.height) / 2)  // past the window's right edge
        // Let go on the list first (it takes nothing): no window. Then the other row on the desktop.
        try session.drag(
            in: main, from: (dragged.x + dragged.width / 2, dragged.y + dragged.height / 2),
            to: (dragged.x + dragged.width / 2, dragged.y + dragged.height * 4))
        try session.drag(in: main, from: (older.x + older.width / 2, older.y + older.height / 2), to: desktop)
        session.waitForTrace { _ in noteEditorSessions(session).count == 1 }
        #expect(eventually(within: 10) {
            session.desktop.windowTitles(matching: "Quire$").sorted() == ["Dragged note — Quire", "Older note — Quire"]
        }, "the main window, and one for the note let go on the desktop: \(session.desktop.windowTitles(matching: "Quire$"))")
        #expect(noteEditorSessions(session).count == 1)
        // On X11 it opens where it was let go: its corner at the pointer, moved as far as it
        // needs to be all on the 1280 × 800 screen.
        let opened = try session.focusNewWindow(besides: [main])
        let place = try session.desktop.geometry(of: opened)
        let wanted = (x: min(size.x + Int(desktop.x), 1_280 - place.width), y: min(size.y + Int(desktop.y), 800 - place.height))
        #expect(abs(place.x - wanted.x) <= 2 && abs(place.y - wanted.y) <= 2,
                "let go at \(size.x + Int(desktop.x)), \(size.y + Int(desktop.y)); the window is at \(place.x), \(place.y), \(place.width) × \(place.height)")
        session.keepScreenshot(named: "note-dragged-out")
        #expect(try session.stop() == 0)
    }

    @Test("a list row dragged into a note puts a link to its note there, titled as the note (its brackets escaped), and Ctrl+click on it opens the note's window")
    func rowDraggedIntoNote() throws {
        let session = try QuireSession(accessibility: true)
        let store = try NoteStore(path: session.notesPath)
        let target = try store.createNote(body: "Plan [v2]\nsteps", at: Date().addingTimeInterval(-60))
        let plans = try store.createNote(body: "Plans\nsee ")
        store.close()
        try session.launch()
        let window = try session.waitForWindow(matching: "^Plans — Quire$")
        let row = try AccessibilityTree(desktop: session.desktop).frame(ofRow: "Plan [v2]")
        // Let go in the note, right of its last line: the link goes at the line's end.
        try session.drag(
            in: window, from: (row.x + row.width / 2, row.y + row.height / 2), to: (Int32(MarkdownTests.notePane) + 250, row.y))
        let link = "[Plan \\[v2\\]](quire://note/\(target.id.uuidString.lowercased()))"
        #expect(eventually(within: 10) { (try? session.storedNotes().first { $0.id == plans.id }?.body) == "Plans\nsee " + link },
                "\(String(describing: try? session.storedNotes().map(\.body)))")
        // The keyboard went with it: typing goes on after the link, not into the list's search.
        try session.desktop.xdotool("type", "--delay", "12", " first")
        #expect(eventually(within: 10) { (try? session.storedNotes().first { $0.id == plans.id }?.body) == "Plans\nsee " + link + " first" },
                "\(String(describing: try? session.storedNotes().map(\.body)))")

        let drawn = try #require(
            session.awaitedBox(of: MarkdownTests.linkBlue, in: window, left: MarkdownTests.notePane, shot: "dropped-link"),
            "the link's text is drawn in blue")
        try session.desktop.xdotool("mousemove", "--window", window, "\(drawn.x + drawn.width / 2)", "\(drawn.y + drawn.height / 2)")
        try ctrlClickOpensNote(session, windows: ["Plan [v2] — Quire", "Plans — Quire"])
        #expect(try session.stop() == 0)
    }

    @Test("Ctrl+click on a quire://note link written in a note opens that note's window; a plain click only places the cursor")
    func linkInNoteText() throws {
        let session = try QuireSession()
        let store = try NoteStore(path: session.notesPath)
        let target = try store.createNote(body: "Groceries\nmilk", at: Date().addingTimeInterval(-60))
        try store.createNote(body: "Plans\nbuy [the groceries](quire://note/\(target.id.uuidString.lowercased())) first")
        try session.launch()
        let window = try session.waitForWindow(matching: "^Plans — Quire$")
        _ = try session.focus(window)
        let link = try #require(
            session.awaitedBox(of: MarkdownTests.linkBlue, in: window, left: MarkdownTests.notePane, shot: "link-in-note"),
            "the link's text is drawn in blue")
        try session.desktop.xdotool("mousemove", "--window", window, "\(link.x + link.width / 2)", "\(link.y + link.height / 2)")
        try session.desktop.xdotool("click", "1")
        #expect(!eventually(within: 2) { !noteEditorSessions(session).isEmpty }, "a plain click opens nothing")
        try ctrlClickOpensNote(session, windows: ["Groceries — Quire", "Plans — Quire"])
        #expect(try session.stop() == 0)
    }

    @Test("a malformed link, an unknown note, a file or a non-URI gets a clear message and opens nothing")
    func badLinks() throws {
        let session = try QuireSession()
        try session.launch()
        _ = try session.waitForWindow(matching: "^New Note — Quire$")
        session.waitForTrace { $0.contains { $0.callback == "sceneDidBecomeActive(_:)" } }
        let file = session.desktop.directory.file("My notes.md")
        try "# Mine\n".write(toFile: file, atomically: true, encoding: .utf8)
        let cases = [
            ("quire://nope", "is not a Quire note link"),
            ("quire://note/not-a-uuid", "is not a Quire note link"),
            ("quire://note/\(UUID().uuidString.lowercased())", "There is no note"),
            ("https://example.org/note", "is not a Quire note link"),
            ("not-a-uri", "is not a URI"),
            (file, "\(file) is not a note: to make notes of it, run quire --import '\(file)'"),
        ]
        for (argument, message) in cases {
            let result = try session.runSecond([argument])
            #expect(result.status == 1, "\(argument)")
            #expect(result.error.contains(message), "\(argument): \(result.error)")
        }
        #expect(createdCount(session) == 1, "nothing opened")
        #expect(session.windowIDs().count == 1)
        #expect(session.process?.isRunning == true)
        #expect(try session.stop() == 0)
    }

    @Test("--help says what Quire is, lists every option, the quire://note/<id> link and the exit statuses; --version answers without a display")
    func helpAndVersion() throws {
        let folder = try TemporaryDirectory(prefix: "quire-cli")
        defer { folder.remove() }
        let environment = ProcessInfo.processInfo.environment.filter { $0.key != "DISPLAY" && $0.key != "WAYLAND_DISPLAY" }
        let help = try ChildProcess.run(BuiltProducts.executable("quire"), ["--help"], environment: environment, outputDirectory: folder.path)
        #expect(help.status == 0)
        for expected in ["Notes in as many windows as you like", "--new-window", "--fresh", "--version", "quire://note/<id>",
                         "1 when something failed or was left out"] {
            #expect(help.output.contains(expected), "--help mentions \(expected): \(help.output)")
        }
        let version = try ChildProcess.run(BuiltProducts.executable("quire"), ["--version"], environment: environment, outputDirectory: folder.path)
        #expect(version.status == 0 && version.output == "Quire 0.1.0\n", "\(version)")
    }

    @Test("Open in New Window (Ctrl+Shift+O) gives the current note its own window, once, even straight after typing a new note")
    func openInNewWindow() throws {
        let session = try QuireSession()
        try session.launch()
        let main = try session.waitForWindow(matching: "^New Note — Quire$")
        try session.desktop.xdotool("windowfocus", "--sync", main)
        // Typed and asked for in one go, before the autosave (300 ms after the last key) has stored the new note.
        try session.desktop.xdotool("type", "--delay", "12", "--terminator", ";;", "Own window", ";;", "key", "ctrl+shift+o")
        session.waitForTrace { _ in noteEditorSessions(session).count == 1 }
        #expect(try session.storedBody() == "Own window")
        _ = try session.focusNewWindow(besides: [main])
        #expect(session.desktop.windowTitles(matching: "Quire$") == ["Own window — Quire", "Own window — Quire"])

        _ = try session.focus(main)
        try session.desktop.xdotool("key", "ctrl+shift+o")
        session.waitForTrace { $0.contains { $0.callback == "scene(_:continue:)" } }
        #expect(createdCount(session) == 2, "the note's window is raised, not opened twice")
        #expect(try session.stop() == 0)
    }
}
