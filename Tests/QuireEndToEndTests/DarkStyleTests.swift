import Foundation
import Testing
import TestSupport

/// Quire follows the desktop's colour-scheme preference from the settings
/// portal, checked in screenshots (kept as test artefacts for a person to see).
@Suite("Dark style, end to end", .serialized)
struct DarkStyleTests {
    /// How light the note editor looks on screen, 0 (black) to 255 (white).
    private func editorLightness(_ session: QuireSession, window: String, shot name: String) throws -> Int {
        let geometry = try session.desktop.geometry(of: window)
        let x = geometry.x + geometry.width * 3 / 4  // the editor fills the right of the window
        let y = geometry.y + geometry.height / 2
        return try session.screenSample("luminance", atX: x, y: y, shot: name)
    }

    @Test("light without a portal; dark when the portal prefers dark; light again the moment the person switches")
    func followsThePortal() throws {
        let session = try QuireSession()
        try session.launch()
        var window = try session.waitForWindow(matching: "^New Note — Quire$")
        session.waitForTrace { $0.contains { $0.callback == "first-frame" } }
        #expect(try editorLightness(session, window: window, shot: "main-window-no-portal") > 200)
        #expect(try session.stop() == 0)

        let portal = try SettingsPortalStandIn.startPreferringDark(environment: session.environment(), directory: session.desktop.directory.path)
        defer { portal.send(SIGTERM); _ = portal.waitForExit(seconds: 5) }

        try session.launch()
        window = try session.waitForWindow(matching: "^New Note — Quire$")
        // Notes in the list, so the screenshots show rows, dim text and a selection in each style.
        try session.writeNotes(["Groceries\nmilk, eggs and coffee", "Travel plans\nLisbon in May"], into: window)
        #expect(eventually(within: 5) { ((try? editorLightness(session, window: window, shot: "main-window-dark")) ?? 255) < 80 })

        portal.send(SIGUSR1)  // the person switches to light
        #expect(eventually(within: 5) { ((try? editorLightness(session, window: window, shot: "main-window-light")) ?? 0) > 200 })
        #expect(try session.stop() == 0)
    }
}
