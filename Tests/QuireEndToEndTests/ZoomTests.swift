import Foundation
import Testing
import TestSupport

/// Zoom (Ctrl+plus, Ctrl+minus, Ctrl+0) and the desktop's document font, as a
/// person sees them: how much ink the note's text puts on the screen.
@Suite("Zoom and the document font", .serialized)
struct ZoomTests {
    static let text = "The quick brown fox jumps over the lazy dog, twice.\nPack my box with five dozen liquor jugs."

    /// How many dark pixels `window` shows below its header bar, once the screen has settled.
    private func settledInk(_ session: QuireSession, window: String, shot name: String) throws -> Int {
        try session.settledInk(in: window, shot: name).pixels
    }

    private func savedZoom(_ session: QuireSession) throws -> Int? {
        (try session.savedUserInfo()["zoom"] as? [String: Any])?["integer"] as? Int
    }

    @Test("Ctrl+plus zooms one window's text, not another's; the zoom comes back on relaunch; Ctrl+0 resets it")
    func zoomIsPerWindowAndRestored() throws {
        let session = try QuireSession()
        try session.launch()
        let window = try session.waitForWindow(matching: "^New Note — Quire$")
        try session.writeNotes([ZoomTests.text], into: window)
        let normal = try settledInk(session, window: window, shot: "zoom-normal")
        for _ in 0..<3 { try session.desktop.xdotool("key", "ctrl+plus") }
        let zoomed = try settledInk(session, window: window, shot: "zoom-133")
        #expect(Double(zoomed) > Double(normal) * 1.15, "ink at 100 %: \(normal), at 133 %: \(zoomed)")

        // A new window shows the same note at the normal size.
        try session.desktop.xdotool("key", "ctrl+shift+n")
        let second = try session.focusNewWindow(besides: [window])
        let secondInk = try settledInk(session, window: second, shot: "zoom-second-window")
        #expect(abs(Double(secondInk) / Double(normal) - 1) < 0.05, "new window: \(secondInk) against \(normal)")
        try session.desktop.xdotool("key", "ctrl+w")
        #expect(eventually(within: 10) { session.windowIDs().count == 1 })

        _ = try session.focus(window)
        try session.desktop.xdotool("key", "ctrl+q")
        #expect(session.process?.waitForExit(seconds: 10) == 0)
        #expect(try savedZoom(session) == 133)

        try session.launch()
        let restored = try session.waitForWindow(matching: "^The quick brown fox")
        session.waitForTrace { $0.contains { $0.callback == "first-frame" } }
        let restoredInk = try settledInk(session, window: restored, shot: "zoom-restored")
        #expect(abs(Double(restoredInk) / Double(zoomed) - 1) < 0.05, "restored: \(restoredInk) against \(zoomed)")
        _ = try session.focus(restored)
        try session.desktop.xdotool("key", "ctrl+0")
        let reset = try settledInk(session, window: restored, shot: "zoom-reset")
        #expect(abs(Double(reset) / Double(normal) - 1) < 0.05, "reset: \(reset) against \(normal)")
        try session.desktop.xdotool("key", "ctrl+minus")
        #expect(try settledInk(session, window: restored, shot: "zoom-90") < reset)
        #expect(try session.stop() == 0)
        #expect(try savedZoom(session) == 90)
    }

    @Test("Ctrl and the wheel over the note zoom its window's text, a step a notch: up larger, down smaller")
    func controlWheelZooms() throws {
        let session = try QuireSession()
        try session.launch()
        let window = try session.waitForWindow(matching: "^New Note — Quire$")
        try session.writeNotes([ZoomTests.text], into: window)
        let normal = try settledInk(session, window: window, shot: "wheel-normal")
        try session.desktop.xdotool("mousemove", "--window", window, "\(MarkdownTests.notePane + 150)", "200")
        try session.desktop.xdotool("keydown", "ctrl", "click", "4", "click", "4", "click", "4", "keyup", "ctrl")
        let zoomed = try settledInk(session, window: window, shot: "wheel-133")
        #expect(Double(zoomed) > Double(normal) * 1.15, "ink at 100 %: \(normal), after three notches up: \(zoomed)")
        try session.desktop.xdotool("keydown", "ctrl", "click", "5", "keyup", "ctrl")
        try session.desktop.xdotool("key", "ctrl+q")
        #expect(session.process?.waitForExit(seconds: 10) == 0)
        #expect(try savedZoom(session) == 120, "100 %, three steps up (110, 120, 133), one down")
    }

    @Test("the primary menu's zoom row, from the keyboard: + zooms the window's text and the row shows the zoom; its middle resets it")
    func zoomRow() throws {
        let session = try QuireSession(accessibility: true)
        try session.launch()
        let window = try session.waitForWindow(matching: "^New Note — Quire$")
        try session.writeNotes([ZoomTests.text], into: window)
        let normal = try settledInk(session, window: window, shot: "zoom-row-normal")

        // New Note, New Window, Open in New Window, Pin Note, Export Note…, Print…, Move to Trash,
        // then the zoom row, at its middle; Right moves to +, pressed twice: the menu stays open.
        try session.openPrimaryMenu()
        for key in Array(repeating: "Down", count: 8) + ["Right", "Return", "Return"] { try session.desktop.xdotool("key", key) }
        let tree = try AccessibilityTree(desktop: session.desktop)
        let shown = tree.elements(once: { $0.name == "120%" })
        #expect(shown.contains { $0.name == "120%" }, "the row shows the window's zoom: \(shown.filter { $0.name.hasSuffix("%") })")
        session.keepScreenshot(named: "zoom-row-menu")
        try session.desktop.xdotool("key", "Escape")
        let zoomed = try settledInk(session, window: window, shot: "zoom-row-120")
        #expect(Double(zoomed) > Double(normal) * 1.15, "ink at 100 %: \(normal), at 120 %: \(zoomed)")

        try session.openPrimaryMenu()
        for key in Array(repeating: "Down", count: 8) + ["Return", "Escape"] { try session.desktop.xdotool("key", key) }
        let reset = try settledInk(session, window: window, shot: "zoom-row-reset")
        #expect(abs(Double(reset) / Double(normal) - 1) < 0.05, "reset: \(reset) against \(normal)")
        #expect(try session.storedNotes().map(\.body) == [ZoomTests.text], "no key went into the note")
        #expect(try session.stop() == 0)
        #expect(try savedZoom(session) == 100)
    }

    @Test("the note text is in the desktop's document font, and follows it when the person changes it")
    func followsTheDocumentFont() throws {
        let session = try QuireSession()
        let settings = session.desktop.directory.file("config/glib-2.0/settings")
        try FileManager.default.createDirectory(atPath: settings, withIntermediateDirectories: true)
        func setDocumentFont(_ name: String) throws {
            try "[org/gnome/desktop/interface]\ndocument-font-name='\(name)'\n"
                .write(toFile: "\(settings)/keyfile", atomically: true, encoding: .utf8)
        }
        try setDocumentFont("DejaVu Sans 9")
        try session.launch(environment: ["GSETTINGS_BACKEND": "keyfile", "XDG_CONFIG_HOME": session.desktop.directory.file("config")])
        let window = try session.waitForWindow(matching: "^New Note — Quire$")
        try session.writeNotes([ZoomTests.text], into: window)
        let small = try settledInk(session, window: window, shot: "document-font-9")
        try setDocumentFont("DejaVu Serif 18")
        #expect(eventually(within: 10) {
            ((try? settledInk(session, window: window, shot: "document-font-18")) ?? 0) > small * 3 / 2
        }, "ink at 9 pt: \(small)")
        #expect(try session.stop() == 0)
    }
}
