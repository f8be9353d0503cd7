import CGtk
import CX11Input
import Foundation
@testable import GtkKit
import Testing
import TestSupport

/// `Toolkit.isInputWaiting` on X11: a click and a key that reached the app
/// are seen while the main loop does not run, the events looked at once are
/// not looked at again, and once GDK has handled the input it no longer waits
/// and `Toolkit.pressesDelivered` counts it (`pointerPressesDelivered` the
/// click alone).
/// The window is on a display of its own, made the default for the test: a
/// person's input leaves GDK's time of the last input behind, which the
/// other tests' windows would then be focused with.
@MainActor
@Suite("Input waiting in the X connection", .serialized)
struct InputWaitingTests {
    init() throws { try TestToolkit.start() }

    /// Looks until `condition` holds, without running the main loop (each
    /// look reads what has reached the connection); nil after 10 seconds.
    private func look(until condition: ((waiting: Bool, lookedAt: Int)) -> Bool) -> (waiting: Bool, lookedAt: Int)? {
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            let found = Toolkit.lookForInput()
            if condition(found) { return found }
        }
        return nil
    }

    @Test("a click and a key are seen without the main loop running, each event is looked at once, and handled input no longer waits but is counted as delivered")
    func clickAndKey() throws {
        try OwnDisplay.run { desktop in
            let window = Window()
            defer { window.destroy() }
            window.setChild(Label("Click or type here"))
            let title = "Input waiting \(UUID().uuidString)"
            OwnDisplay.show(window, titled: title)
            let id = try #require(desktop.xdotool("search", "--sync", "--name", title).split(separator: "\n").first.map(String.init))
            // The pointer comes in over the window: motion, no press.
            try desktop.xdotool("mousemove", "--sync", "--window", id, "40", "40")
            MainLoop.iterate(until: { !Toolkit.isInputWaiting })
            let delivered = Toolkit.pressesDelivered
            let pointerDelivered = Toolkit.pointerPressesDelivered

            try desktop.xdotool("mousemove", "--window", id, "60", "60")
            let moved = try #require(look { $0.lookedAt > 0 }, "the pointer's motion reached the connection")
            #expect(!moved.waiting, "moving the pointer is not input that waits")
            let again = try #require(look { $0.lookedAt == 0 }, "the events already looked at are not looked at again")
            #expect(!again.waiting)

            try desktop.xdotool("click", "1")
            #expect(look { $0.waiting } != nil, "a click waits, seen without the main loop running")
            #expect(Toolkit.pressesDelivered == delivered, "waiting, not yet delivered")
            MainLoop.iterate(until: { !Toolkit.isInputWaiting })
            let clickCounted = MainLoop.iterate(forAtMost: 10) { Toolkit.pressesDelivered == delivered + 1 }
            #expect(clickCounted, "the press is counted once GDK delivers it")
            #expect(Toolkit.pointerPressesDelivered == pointerDelivered + 1, "as a pointer press")

            try desktop.xdotool("key", "a")
            #expect(look { $0.waiting } != nil, "a key pressed over the window waits")
            #expect(Toolkit.isInputWaiting, "input still queued is seen again at the next look")
            MainLoop.iterate(until: { !Toolkit.isInputWaiting })
            #expect(!Toolkit.isInputWaiting, "handled by GDK, it no longer waits")
            let keyCounted = MainLoop.iterate(forAtMost: 10) { Toolkit.pressesDelivered == delivered + 2 }
            #expect(keyCounted, "the key press is counted; the pointer's motion and the releases are not")
            #expect(Toolkit.pointerPressesDelivered == pointerDelivered + 1, "a key is no pointer press")
        }
    }

    /// The click and key above are found by it: the number is the X server's.
    @Test("XInput's number is read from what Xlib recorded as GDK started XInput, without a request to the X server")
    func inputOpcodeWithoutARoundTrip() throws {
        let display = try #require(cgtk_default_x11_display(), "an X server's display")
        _ = gdk_display_get_default_seat(gdk_display_get_default())  // GDK has started XInput
        let before = cx11_next_request(display)
        #expect(cx11_input_opcode(display) >= 128, "an extension's number (128 and up)")
        #expect(cx11_next_request(display) == before, "no request made")
    }
}
