import CGtk
import GtkKit
import Testing
import TestSupport

/// A private X display made GDK's default for one test, so that its windows,
/// and the input other clients (xdotool) send them, touch no other test's.
@MainActor
enum OwnDisplay {
    /// Runs `body` with a private display as GDK's default, then puts the
    /// previous default back; `body` gets the desktop, whose X server outlives the display.
    static func run(sourceLocation: SourceLocation = #_sourceLocation, _ body: (PrivateDesktop) throws -> Void) throws {
        let desktop = try PrivateDesktop()
        let display = try #require(gdk_display_open(desktop.display), "GDK opens the test's own display", sourceLocation: sourceLocation)
        let manager = gdk_display_manager_get()
        let previous = gdk_display_manager_get_default_display(manager)
        gdk_display_manager_set_default_display(manager, display)
        defer {
            gdk_display_manager_set_default_display(manager, previous)
            gdk_display_close(display)
            withExtendedLifetime(desktop) {}
        }
        try body(desktop)
    }

    /// Titles `window`, gives it 320×240, presents it and runs the main loop until its first frame is drawn.
    static func show(_ window: Window, titled title: String) {
        window.title = title
        window.setDefaultSize(width: 320, height: 240)
        var drew = false
        window.onFirstFrame { drew = true }
        window.present()
        MainLoop.iterate(until: { drew })
    }
}
