import Foundation
import NoteModel
import Testing
@testable import Scenes
import TestSupport

/// A relaunch on X11 brings the window that was in front back first, ready
/// for typing, and the others behind it (contract sequence B).
@Suite("Relaunch: the front window first", .serialized)
struct FrontFirstRestoreTests {
    @Test("the window in front at quit connects and draws before the others, takes the keys typed at once, and the others come behind it in their order without the focus (with no window manager, and with openbox)",
          arguments: [false, true])
    func frontWindowFirst(windowManager: Bool) throws {
        let session = try QuireSession(windowManager: windowManager)
        let titles = ["Back", "Second", "Third", "Front"]
        let (shown, records) = try session.saveWindows(showingNotesOf: titles)
        let front = try #require(records.last).identifier

        try session.launch()
        let frontWindow = try session.waitForWindow(matching: "^Front — Quire$")
        // Typed without focusing any window: the keys go where the focus is.
        try session.desktop.xdotool("key", "ctrl+End")
        try session.desktop.xdotool("type", "--delay", "12", " typed at once")
        #expect(eventually(within: 10) { session.windowIDs().count == titles.count })
        #expect(eventually(within: 5) {
            (try? session.storedNotes().first { $0.id == shown.last?.id }?.body) == "Front typed at once"
        }, "the keys reached the front window's note")

        session.waitForTrace { $0.filter { $0.callback == "first-frame" }.count == titles.count }
        let trace = session.trace
        let connects = trace.filter { $0.callback == "scene(_:willConnectTo:options:)" }.map(\.session)
        #expect(connects == [front] + records.dropLast().map(\.identifier), "the front first, then back to front")
        let frontFrame = try #require(trace.firstIndex { $0.callback == "first-frame" && $0.session == front })
        let secondConnect = try #require(trace.firstIndex { $0.callback == "scene(_:willConnectTo:options:)" && $0.session != front })
        #expect(frontFrame < secondConnect, "the front window drew before another was built")
        #expect(session.lifecycle.filter { $0.callback == "sceneDidBecomeActive(_:)" }.map(\.session) == [front],
                "no window behind took the focus")

        let byID = Dictionary(uniqueKeysWithValues: session.windowIDs().map { id in
            (id, (try? session.desktop.xdotool("getwindowname", id).trimmingCharacters(in: .newlines)) ?? "")
        })
        let order = ["Back — Quire", "Second — Quire", "Third — Quire", "Front typed at once — Quire"]
        var stacked: [String] = []
        // A window manager restacks when it gets to it.
        #expect(eventually(within: 5) {
            stacked = ((try? session.desktop.stackingOrder()) ?? []).compactMap { byID[$0] }
            return stacked == order
        }, "bottom to top as they were: \(stacked)")
        #expect(try session.desktop.xdotool("getwindowfocus").trimmingCharacters(in: .newlines) == frontWindow)
        session.keepScreenshot(named: "front-window-first")
        #expect(try session.stop() == 0)
    }

    @Test("a key typed into the front window while the windows behind it are being built is handled and drawn once the one being built is done, not after them all")
    func keyTypedDuringTheRestore() throws {
        let session = try QuireSession()
        let count = 40
        let (shown, records) = try session.saveWindows(showingNotesOf: (1...count).map { $0 == count ? "Front" : "Behind \($0)" })
        let connect = "scene(_:willConnectTo:options:)"
        // Typed as the windows behind start to be built; should a busy machine
        // let the restore end before the keys were in, it is tried again.
        let (typedInTime, tried) = try session.retrying {
            try session.launch(environment: ["QUIRE_TRACE_KEYS": "1"])
            session.waitForTrace { $0.filter { $0.callback == connect }.count >= 2 }
            try session.desktop.xdotool("key", "ctrl+End", "x")
            return session.trace.filter { $0.callback == connect }.count < count
        }
        try #require(typedInTime, "the restore was over before the keys were typed, \(tried) times")
        session.waitForTrace { $0.filter { $0.callback == "first-frame" }.count == count }
        #expect(eventually(within: 10) { session.messages.contains("keys: x drawn") })
        let lines = session.messages.split(separator: "\n")
        let handled = try #require(lines.firstIndex { $0.hasPrefix("keys: x handled") })
        let drawn = try #require(lines.firstIndex { $0.hasPrefix("keys: x drawn") })
        let lastConnect = try #require(lines.lastIndex { $0.contains(" \(connect) ") })
        #expect(handled < lastConnect, "the key was handled before the last window was built")
        #expect(drawn < lastConnect, "the key was on screen before the last window was built")
        #expect(eventually(within: 5) {
            let body = try? session.storedNotes().first { $0.id == shown.last?.id }?.body
            return body?.hasPrefix("Front") == true && body?.hasSuffix("x") == true
        }, "the key went into the front window's note")
        session.waitForTrace { $0.contains { $0.callback == "sceneDidBecomeActive(_:)" } }
        #expect(session.lifecycle.filter { $0.callback == "sceneDidBecomeActive(_:)" }.map(\.session) == [records.last?.identifier],
                "no window behind took the focus")
        #expect(try session.stop() == 0)
    }
}
