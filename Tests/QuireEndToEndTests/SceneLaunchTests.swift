import Foundation
@testable import Scenes
import Testing
import TestSupport

/// Launching, quitting and relaunching, checked against the lifecycle trace
/// and the session store (contract sequences A, B, C, I and J).
@Suite("Scene lifecycle: launch and relaunch", .serialized)
struct SceneLaunchTests {
    @Test("A: a cold launch connects one new session in the contract's order")
    func coldLaunch() throws {
        let session = try QuireSession()
        try session.launch()
        _ = try session.waitForWindow(matching: "^New Note — Quire$")
        session.waitForTrace { $0.contains { $0.callback == "sceneDidBecomeActive(_:)" } }
        let events = session.lifecycle
        let id = try #require(events.first { !$0.session.isEmpty }?.session)
        #expect(events.map(\.callback) == [
            "application(_:didFinishLaunchingWithOptions:)",
            "application(_:configurationForConnecting:options:)",
            "scene(_:willConnectTo:options:)",
            "sceneWillEnterForeground(_:)",
            "sceneDidBecomeActive(_:)",
        ])
        #expect(events.dropFirst().allSatisfy { $0.session == id })
        #expect(events.dropFirst().allSatisfy { $0.configuration == "Default Configuration" })
        #expect(session.trace.contains { $0.callback == "first-frame" && $0.session == id })
        // A first launch makes its saved-windows file once the window has drawn, in
        // an idle moment that may come after the window became active.
        #expect(eventually(within: 10) { (try? session.savedSessions().map(\.identifier)) == [id] })
        #expect(try session.savedSessions().first?.configurationName == "Default Configuration")
        #expect(try session.stop() == 0)
    }

    @Test("C, I, B: three windows opened from a second process, quit, and all three restored with the same frontmost")
    func threeWindowsRoundTrip() throws {
        let session = try QuireSession()
        try session.launch()
        let first = try session.waitForWindow(matching: "^New Note — Quire$")
        try session.desktop.type("one", into: first)
        for _ in 0..<2 {
            #expect(try session.runSecond(["--new-window"]).status == 0, "a second quire hands over and exits")
        }
        #expect(eventually(within: 10) { session.windowIDs().count == 3 })
        let others = session.windowIDs().filter { $0 != first }
        #expect(others.count == 2)
        for (window, text) in zip(others, ["two", "three"]) {
            _ = try session.focus(window)
            try session.desktop.xdotool("key", "ctrl+n")  // new windows show the latest note; start another
            try session.desktop.type(text, into: window)
        }
        _ = try session.waitForWindow(matching: "^three — Quire$")
        // Bring "two" forward: it is the frontmost at quit.
        let frontmost = try #require(try session.focus(others[0]))
        let created = session.lifecycle.filter { $0.callback == "application(_:configurationForConnecting:options:)" }.map(\.session)
        #expect(created.count == 3, "C: each --new-window made a new session")
        #expect(created.contains(frontmost))
        #expect(eventually(within: 5) { (try? session.savedSessions().count) == 3 })

        try session.desktop.xdotool("key", "ctrl+q")
        #expect(session.process?.waitForExit(seconds: 10) == 0, "I: a quit exits with status 0")
        let quit = session.lifecycle
        for id in created {
            let calls = quit.filter { $0.session == id }.map(\.callback)
            let tail = Array(calls.suffix(id == frontmost ? 3 : 2))
            let expected = (id == frontmost ? ["sceneWillResignActive(_:)"] : []) + ["sceneDidEnterBackground(_:)", "sceneDidDisconnect(_:)"]
            #expect(tail == expected, "I for \(id): \(calls)")
        }
        #expect(quit.last?.callback == "applicationWillTerminate(_:)")
        #expect(Set(try session.savedSessions().map(\.identifier)) == Set(created), "quit keeps the sessions")

        try session.launch()
        session.waitForTrace { $0.filter { $0.callback == "sceneWillEnterForeground(_:)" }.count == 3 }
        session.waitForTrace { $0.contains { $0.callback == "sceneDidBecomeActive(_:)" } }
        let relaunch = session.lifecycle
        #expect(!relaunch.contains { $0.callback == "application(_:configurationForConnecting:options:)" },
                "B: restored sessions are not asked for a configuration")
        #expect(Set(relaunch.filter { $0.callback == "scene(_:willConnectTo:options:)" }.map(\.session)) == Set(created))
        for id in created {
            let calls = relaunch.filter { $0.session == id }.map(\.callback)
            #expect(Array(calls.prefix(3)) == [
                "scene(_:willConnectTo:options:)", "scene(_:restoreInteractionStateWith:)", "sceneWillEnterForeground(_:)",
            ], "B for \(id): \(calls)")
        }
        #expect(relaunch.filter { $0.callback == "sceneDidBecomeActive(_:)" }.last?.session == frontmost,
                "the window frontmost at quit is presented last and ends active")
        #expect(Set(session.desktop.windowTitles(matching: "Quire$")) == ["one — Quire", "two — Quire", "three — Quire"])
        session.keepScreenshot(named: "three-windows-restored")
        #expect(try session.stop() == 0)
    }

    @Test("J: after SIGKILL the session comes back with its saved activity")
    func crashRecovers() throws {
        let session = try QuireSession()
        try session.launch()
        let window = try session.waitForWindow(matching: "^New Note — Quire$")
        try session.desktop.type("survives a crash", into: window)
        session.waitForTrace { $0.contains { $0.callback == "stateRestorationActivity(for:)" } }
        let id = try #require(session.lifecycle.first { $0.callback == "scene(_:willConnectTo:options:)" }?.session)
        #expect(eventually(within: 5) { (try? session.savedSessions().first?.restorationActivity) != nil })
        #expect(try session.stop(with: SIGKILL) == 128 + SIGKILL)

        try session.launch()
        _ = try session.waitForWindow(matching: "^survives a crash — Quire$")
        session.waitForTrace { $0.contains { $0.callback == "sceneWillEnterForeground(_:)" } }
        let calls = session.lifecycle.map(\.callback)
        #expect(!calls.contains("application(_:configurationForConnecting:options:)"))
        #expect(session.lifecycle.filter { $0.callback == "scene(_:restoreInteractionStateWith:)" }.map(\.session) == [id])
        #expect(try session.stop() == 0)
    }

    @Test("after the last window was closed (Ctrl+W), the next launch opens at that window's size, with the cursor where it was in the note")
    func lastClosedWindowSizeAndCursor() throws {
        let session = try QuireSession()
        try session.launch()
        let window = try session.waitForWindow(matching: "^New Note — Quire$")
        try session.desktop.type("line one\nline two", into: window)
        try session.desktop.xdotool("windowsize", "--sync", window, "900", "640")
        try session.desktop.xdotool("key", "ctrl+Home", "Down")  // the start of line two
        try session.desktop.xdotool("key", "ctrl+w")
        #expect(session.process?.waitForExit(seconds: 10) == 0, "closing the last window quits")
        #expect(try session.savedSessions().isEmpty, "the window was closed for good: nothing to restore")
        let record = "\(session.stateHome)/io.github.quire.Quire/last-window.json"
        #expect((try FileManager.default.attributesOfItem(atPath: record)[.posixPermissions] as? Int) == 0o600, "readable by its owner alone")

        try session.launch()
        let fresh = try session.waitForWindow(matching: "^line one — Quire$")
        let geometry = try session.desktop.xdotool("getwindowgeometry", fresh)
        #expect(geometry.contains("Geometry: 900x640"), "\(geometry)")
        try session.desktop.type("and ", into: fresh)
        #expect(eventually(within: 5) { (try? session.storedBody()) == "line one\nand line two" })
        #expect(try session.stop() == 0)
    }

    @Test("a damaged record of the last window is reported and left as it is; the window opens at the default size")
    func damagedLastWindowRecord() throws {
        let session = try QuireSession()
        let folder = "\(session.stateHome)/io.github.quire.Quire"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let damaged = Data(#"{"width": 99999999999, "height": -3"#.utf8)
        try damaged.write(to: URL(fileURLWithPath: "\(folder)/last-window.json"))
        try session.launch()
        let window = try session.waitForWindow(matching: "^New Note — Quire$")
        #expect(try session.desktop.xdotool("getwindowgeometry", window).contains("Geometry: 720x540"))
        #expect(session.messages.contains("last-window.json does not describe a window"), "\(session.messages)")
        #expect(FileManager.default.contents(atPath: "\(folder)/last-window.json") == damaged, "left as it was until a window closes")
        #expect(try session.stop() == 0)
    }

    @Test("two windows on the same note each get their own selection back, relaunch after relaunch")
    func twoSelectionsOnOneNote() throws {
        let session = try QuireSession()
        try session.launch()
        let main = try session.waitForWindow(matching: "^New Note — Quire$")
        try session.writeNotes(["first line\nsecond line\nthird line"], into: main)
        try session.desktop.xdotool("key", "ctrl+shift+o")
        let noteWindow = try session.focusNewWindow(besides: [main])
        try session.desktop.xdotool("key", "ctrl+Home", "shift+End")  // the note window: "first line"
        _ = try session.focus(main)
        try session.desktop.xdotool("key", "ctrl+End", "shift+Home")  // the main window: "third line"
        _ = try session.focus(noteWindow)
        #expect(try session.stop() == 0)
        func selections() throws -> [String: [Int]] {
            var found: [String: [Int]] = [:]
            for record in try session.savedSessions() {
                let stored = try #require(record.restorationActivity)
                let activity = try #require(try JSONSerialization.jsonObject(with: stored) as? [String: Any])
                let info = try #require(activity["userInfo"] as? [String: Any])
                let cursor = (info["cursor"] as? [String: Any])?["integer"] as? Int ?? -1
                let bound = (info["selectionBound"] as? [String: Any])?["integer"] as? Int ?? -1
                found[record.configurationName] = [cursor, bound].sorted()
            }
            return found
        }
        let expected = ["Note Editor": [0, 10], "Default Configuration": [23, 33]]
        #expect(try selections() == expected, "as left: \((try? selections()) ?? [:])")
        for round in 1...3 {
            try session.launch()
            _ = try session.waitForWindow(matching: "^first line — Quire$")
            session.waitForTrace { $0.filter { $0.callback == "first-frame" }.count >= 2 }
            Thread.sleep(forTimeInterval: 0.5)
            #expect(try session.stop() == 0)
            #expect(try selections() == expected, "after relaunch \(round): \((try? selections()) ?? [:])")
        }
    }

    @Test("windows come back where they were on the screen (X11), with or without a window manager", arguments: [false, true])
    func windowPositions(windowManager: Bool) throws {
        let session = try QuireSession(windowManager: windowManager)
        try session.launch()
        let first = try session.waitForWindow(matching: "^New Note — Quire$")
        try session.desktop.type("left", into: first)
        #expect(try session.runSecond(["--new-window"]).status == 0)
        let second = try session.focusNewWindow(besides: [first])
        try session.desktop.xdotool("key", "ctrl+n")
        try session.desktop.type("right", into: second)
        try session.desktop.xdotool("windowmove", "--sync", first, "40", "60")
        try session.desktop.xdotool("windowmove", "--sync", second, "500", "200")
        func positions() -> [String: String] {
            var found: [String: String] = [:]
            for title in ["left", "right"] {
                guard let id = try? session.desktop.xdotool("search", "--name", "^\(title) — Quire$").split(separator: "\n").first,
                      let geometry = try? session.desktop.xdotool("getwindowgeometry", String(id)),
                      let line = geometry.split(separator: "\n").first(where: { $0.contains("Position:") })
                else { continue }
                found[title] = line.trimmingCharacters(in: .whitespaces).components(separatedBy: " (")[0]
            }
            return found
        }
        let before = positions()
        #expect(before.count == 2, "\(before)")
        #expect(try session.stop() == 0)

        try session.launch()
        _ = try session.waitForWindow(matching: "^left — Quire$")
        _ = try session.waitForWindow(matching: "^right — Quire$")
        #expect(eventually(within: 5) { positions() == before }, "back where they were: \(positions()) against \(before)")
        #expect(try session.stop() == 0)
    }

    @Test("a resized window comes back at its size, with the cursor where it was")
    func windowSizeAndCursor() throws {
        let session = try QuireSession()
        try session.launch()
        let window = try session.waitForWindow(matching: "^New Note — Quire$")
        try session.desktop.type("line one\nline two", into: window)
        try session.desktop.xdotool("windowsize", "--sync", window, "900", "640")
        try session.desktop.xdotool("key", "ctrl+Home")  // the cursor goes to the very start
        try session.desktop.xdotool("key", "ctrl+q")
        #expect(session.process?.waitForExit(seconds: 10) == 0)

        try session.launch()
        let restored = try session.waitForWindow(matching: "^line one — Quire$")
        let geometry = try session.desktop.xdotool("getwindowgeometry", restored)
        #expect(geometry.contains("Geometry: 900x640"), "\(geometry)")
        // Typing goes where the cursor was restored: at the start.
        try session.desktop.type("zero ", into: restored)
        #expect(eventually(within: 5) { (try? session.storedBody()) == "zero line one\nline two" })
        #expect(try session.stop() == 0)
    }

    @Test("the selection and the scroll position come back as they were")
    func selectionAndScroll() throws {
        let session = try QuireSession()
        try session.launch()
        let window = try session.waitForWindow(matching: "^New Note — Quire$")
        let lines = (1...80).map { "line \($0)" }
        try session.desktop.type(lines.joined(separator: "\n"), into: window, delayMilliseconds: 1)
        #expect(eventually(within: 10) { (try? session.storedBody()) == lines.joined(separator: "\n") })
        try session.desktop.xdotool("key", "ctrl+Home")
        try session.desktop.xdotool("key", "shift+Down", "shift+Down")  // select the first two lines
        try session.desktop.xdotool("mousemove", "--window", window, "400", "300")
        for _ in 0..<8 { try session.desktop.xdotool("click", "5") }  // scroll down with the wheel
        try session.desktop.xdotool("key", "ctrl+q")
        #expect(session.process?.waitForExit(seconds: 10) == 0)
        let first = try session.savedUserInfo()
        let scroll = try #require((first["scroll"] as? [String: Any])?["double"] as? Double)
        #expect(scroll > 0, "the wheel scrolled the note")

        try session.launch()
        _ = try session.waitForWindow(matching: "^line 1 — Quire$")
        session.waitForTrace { $0.contains { $0.callback == "first-frame" } }
        try session.desktop.xdotool("key", "ctrl+q")
        #expect(session.process?.waitForExit(seconds: 10) == 0)
        let second = try session.savedUserInfo()
        for key in ["scroll", "cursor", "selectionBound"] {
            #expect(String(describing: second[key]) == String(describing: first[key]), "\(key) came back")
        }

        try session.launch()
        let restored = try session.waitForWindow(matching: "^line 1 — Quire$")
        try session.desktop.type("X", into: restored)  // typing replaces the restored selection
        let expected = "X" + lines.dropFirst(2).joined(separator: "\n")
        #expect(eventually(within: 5) { (try? session.storedBody()) == expected })
        #expect(try session.stop() == 0)
    }

    @Test("a maximised window comes back maximised (with a window manager to maximise it)")
    func maximisedWindow() throws {
        let session = try QuireSession(windowManager: true)
        try session.launch()
        let window = try session.waitForWindow(matching: "^New Note — Quire$")
        let screen = "Geometry: 1280x800"
        let maximise = try ChildProcess.run(
            "wmctrl", ["-i", "-r", window, "-b", "add,maximized_vert,maximized_horz"],
            environment: session.environment(), outputDirectory: session.desktop.directory.path)
        #expect(maximise.status == 0, "\(maximise.error)")
        #expect(eventually(within: 5) { (try? session.desktop.xdotool("getwindowgeometry", window))?.contains(screen) == true })
        try session.desktop.xdotool("windowfocus", "--sync", window)
        try session.desktop.xdotool("key", "ctrl+q")
        #expect(session.process?.waitForExit(seconds: 10) == 0)
        #expect((try session.savedUserInfo()["maximized"] as? [String: Any])?["bool"] as? Bool == true)

        try session.launch()
        let restored = try session.waitForWindow(matching: "^New Note — Quire$")
        // The remembered size is the unmaximised one: a full-screen window means it was maximised again.
        #expect(eventually(within: 5) { (try? session.desktop.xdotool("getwindowgeometry", restored))?.contains(screen) == true },
                "\((try? session.desktop.xdotool("getwindowgeometry", restored)) ?? "")")
        #expect(try session.stop() == 0)
    }
}
