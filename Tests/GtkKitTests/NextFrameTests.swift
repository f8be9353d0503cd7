import GtkKit
import Testing

/// `Widget.onNextFrame`: a frame asked for comes and calls the handler once,
/// and a widget with no frame clock says it will not call back. (A window just
/// shown draws again on its own as it gets the focus, so this does not tell
/// a frame asked for from one that would have come anyway.)
@MainActor
@Suite("The next frame of a widget's window")
struct NextFrameTests {
    init() throws { try TestToolkit.start() }

    @Test("a frame asked for comes and calls the handler once; an unrealized widget has no frame to wait for")
    func requestedFrame() throws {
        let window = Window()
        defer { window.destroy() }
        let label = Label("Nothing changes here")
        window.setChild(label)
        var drew = false
        window.onFirstFrame { drew = true }
        window.present()
        #expect(MainLoop.iterate(forAtMost: 10) { drew }, "the window drew its first frame")

        var calls = 0
        #expect(label.onNextFrame(requestingOne: true) { calls += 1 }, "a realized widget has a frame clock")
        #expect(MainLoop.iterate(forAtMost: 10) { calls > 0 }, "the frame asked for came")
        // Another frame, asked for too: the first handler was not connected to it.
        var later = false
        label.onNextFrame(requestingOne: true) { later = true }
        #expect(MainLoop.iterate(forAtMost: 10) { later })
        #expect(calls == 1, "a handler is called for one frame only")

        let unrealized = Label("Never shown")
        #expect(!unrealized.onNextFrame(requestingOne: true) {}, "no frame clock, no call")
    }
}
