import Foundation
@testable import GtkKit
import Testing
import TestSupport

/// `Toolkit.syncDisplay`: a window destroyed is off the screen once it
/// returns, with the main loop not running again (as when the app quits
/// and its last writes block the main thread). The window is on a display
/// of its own, made the default for the test, whose X server another
/// client (xdotool) asks.
@MainActor
@Suite("The display synced without the main loop", .serialized)
struct DisplaySyncTests {
    init() throws { try TestToolkit.start() }

    @Test("a window destroyed is off the screen once the display is synced, the main loop not running")
    func destroyedWindowLeaves() throws {
        try OwnDisplay.run { desktop in
            let window = Window()
            let title = "Display sync \(UUID().uuidString)"
            OwnDisplay.show(window, titled: title)
            let shown = { (try? desktop.xdotool("search", "--onlyvisible", "--name", title)) ?? "" }
            #expect(!shown().isEmpty, "the window is on the screen")

            window.destroy()
            Toolkit.syncDisplay()
            #expect(shown().isEmpty, "off the screen with no turn of the main loop")
        }
    }
}
