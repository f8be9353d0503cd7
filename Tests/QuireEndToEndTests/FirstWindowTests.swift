import Foundation
import NoteModel
import Testing
import TestSupport

/// The first window, driven from outside with real key events: what is typed
/// is saved, survives quitting and relaunching, and titles the window.
@Suite("First window, end to end", .serialized)
struct FirstWindowTests {
    @Test("typed text is saved, shown again after a relaunch, and titles the window")
    func typeQuitRelaunch() throws {
        let session = try QuireSession()
        try session.launch()
        let window = try session.waitForWindow(matching: "^New Note — Quire$")
        try session.desktop.type("Grocery list\nmilk and eggs", into: window)
        #expect(eventually(within: 5) { (try? session.storedBody()) == "Grocery list\nmilk and eggs" })
        #expect(session.desktop.windowTitles(matching: "Quire$") == ["Grocery list — Quire"])
        session.keepScreenshot(named: "first-window-typed")
        #expect(try session.stop(with: SIGTERM) == 0, "SIGTERM is a normal quit")

        try session.launch()
        let restored = try session.waitForWindow(matching: "^Grocery list — Quire$")
        // The editor shows the saved text: typing at its end extends it.
        try session.desktop.xdotool("windowfocus", "--sync", restored)
        try session.desktop.xdotool("key", "ctrl+End")
        try session.desktop.type(" and bread", into: restored)
        #expect(eventually(within: 5) { (try? session.storedBody()) == "Grocery list\nmilk and eggs and bread" })
        session.keepScreenshot(named: "first-window-relaunched")
        #expect(try session.stop(with: SIGTERM) == 0)
        #expect(try session.storedNotes().count == 1)
    }

    @Test("text typed just before a quit is saved: SIGTERM, SIGINT and Ctrl+Q", arguments: ["SIGTERM", "SIGINT", "ctrl+q"])
    func quitSavesPendingText(how: String) throws {
        let session = try QuireSession()
        try session.launch()
        let window = try session.waitForWindow(matching: "^New Note — Quire$")
        try session.desktop.type("last words", into: window, delayMilliseconds: 1)
        // Once the title shows the text, every key was handled; quit at once,
        // well inside the 300 ms before autosave, so quitting is what saves it.
        _ = try session.waitForWindow(matching: "^last words — Quire$", seconds: 5)
        let status: Int32
        switch how {
        case "SIGTERM": status = try session.stop(with: SIGTERM)
        case "SIGINT": status = try session.stop(with: SIGINT)
        default:
            try session.desktop.xdotool("key", "ctrl+q")
            status = try #require(session.process?.waitForExit(seconds: 10), "Ctrl+Q did not quit")
        }
        #expect(status == 0)
        #expect(try session.storedBody() == "last words", "nothing typed is lost on quit")
    }

    @Test("closing the window (Ctrl+W) saves and ends the app")
    func closeWindow() throws {
        let session = try QuireSession()
        try session.launch()
        let window = try session.waitForWindow(matching: "^New Note — Quire$")
        try session.desktop.type("closing time", into: window, delayMilliseconds: 1)
        _ = try session.waitForWindow(matching: "^closing time — Quire$", seconds: 5)
        try session.desktop.xdotool("key", "ctrl+w")
        #expect(session.process?.waitForExit(seconds: 10) == 0, "closing the last window quits")
        #expect(try session.storedBody() == "closing time")
    }

    @Test("autosave: within moments of the last keystroke, and at least once a second while typing")
    func autosaveWhileTyping() throws {
        let session = try QuireSession()
        try session.launch()
        let window = try session.waitForWindow(matching: "^New Note — Quire$")
        try session.desktop.xdotool("windowfocus", "--sync", window)
        let text = "never quiet for long"
        // xdotool waits half its --delay between key press and release: 400 gives a
        // key every ~200 ms, never 300 ms of quiet, so only the one-second deadline
        // can save while this runs (about 4 seconds).
        let typingStarted = Date()
        let typist = try ChildProcess(
            "xdotool", ["type", "--delay", "400", text], environment: session.desktop.environment(),
            outputDirectory: session.desktop.directory.path)
        var partialSaves: Set<String> = []
        while typist.isRunning {
            if let body = try session.storedBody(), !body.isEmpty, body != text { partialSaves.insert(body) }
            usleep(50_000)
        }
        let typingSeconds = Date().timeIntervalSince(typingStarted)
        #expect(typist.exitStatus == 0)
        #expect(typingSeconds >= 3, "the typing lasted long enough to need deadline saves")
        #expect(partialSaves.count >= 2,
                "saved during \(typingSeconds) s of continuous typing: \(partialSaves.sorted())")
        // After the last keystroke the full text arrives promptly (300 ms by design;
        // the bound here leaves room for a loaded machine).
        #expect(eventually(within: 2) { (try? session.storedBody()) == text })
        // A SIGKILL now loses nothing: the text is already on disk.
        #expect(try session.stop(with: SIGKILL) == 128 + SIGKILL)
        try session.launch()
        _ = try session.waitForWindow(matching: "^never quiet for long — Quire$")
        #expect(try session.stop() == 0)
    }

    @Test("a window whose note was deleted while Quire was closed comes back with a new note, and says why")
    func restoredNoteWasDeleted() throws {
        let session = try QuireSession()
        try session.launch()
        let window = try session.waitForWindow(matching: "^New Note — Quire$")
        try session.desktop.type("soon gone", into: window)
        #expect(eventually(within: 5) { (try? session.storedBody()) == "soon gone" })
        #expect(try session.stop() == 0)
        let store = try NoteStore(path: session.notesPath)
        let id = try #require(try store.allNotes().first?.id)
        try store.moveToTrash(id)
        try store.deletePermanently(id)

        try session.launch()
        _ = try session.waitForWindow(matching: "^New Note — Quire$")
        session.waitForTrace { $0.contains { $0.callback == "sceneDidBecomeActive(_:)" } }
        #expect(session.lifecycle.contains { $0.callback == "scene(_:restoreInteractionStateWith:)" }, "the window was restored")
        #expect(session.messages.contains("no longer exists"), "\(session.messages)")
        #expect(session.process?.isRunning == true)
        #expect(try session.stop() == 0)
    }

    @Test("the first window fits the screen: 720 × 540 on a 1280 × 800 screen, half the width and three fifths of the height of a 1600 × 1000 one")
    func firstWindowFitsTheScreen() throws {
        for (screen, expected) in [((1_280, 800), (720, 540)), ((1_600, 1_000), (800, 600))] {
            let session = try QuireSession(screen: screen)
            try session.launch()
            let window = try session.waitForWindow(matching: "^New Note — Quire$")
            session.waitForTrace { $0.contains { $0.callback == "first-frame" } }
            let geometry = try session.desktop.geometry(of: window)
            #expect((geometry.width, geometry.height) == expected, "on \(screen): \(geometry)")
            #expect(try session.stop() == 0)
        }
    }
}
