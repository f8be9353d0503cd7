import CGtk
@testable import GtkKit
import Testing

/// Ctrl+End in a long text just put in: GTK measures the lines a chunk at a
/// time while idle, and its scroll to the cursor lands where it guessed the
/// last line was, short of the end; the view scrolls again once they are
/// measured (`onceMeasured`), unless the person scrolled meanwhile.
@MainActor
@Suite("Scrolling to the end of a long text", .serialized)
struct TextEndScrollTests {
    init() throws {
        try TestToolkit.start()
    }

    @Test("the cursor moved to the end of 20,000 wrapped lines just shown, and scrolled to as GTK's Ctrl+End does: the view ends at the text's end once GTK has measured them")
    func endShowsOnceMeasured() {
        let view = TextView()
        let scroller = ScrolledWindow()
        scroller.setChild(view)
        let window = Window()
        window.setDefaultSize(width: 300, height: 200)
        window.setChild(scroller)
        _ = view.grabFocus()
        window.present()
        defer { window.destroy() }
        MainLoop.iterate(forAtMost: 5) { window.isMapped }

        view.buffer.text = LongTextWindow.text
        // Shown first, as a note is: GTK has measured what shows, not the rest.
        var drawn = false
        window.onNextFrame(requestingOne: true) { drawn = true }
        MainLoop.iterate(forAtMost: 5) { drawn }
        view.buffer.placeCursor(atOffset: -1)
        view.keepCursorInView()  // what GTK does for Ctrl+End
        view.onceMeasured { $0.keepCursorInView() }
        MainLoop.iterate(forAtMost: 20) { scroller.distanceToEnd < 1 }
        #expect(scroller.distanceToEnd < 1, "the view ends at the text's end: \(scroller.distanceToEnd) pixels short")
    }

    @Test("a wheel scroll over the text while GTK still measures it calls off the second scroll: the view stays where the person scrolled")
    func wheelScrollCallsOffTheSecondScroll() throws {
        try OwnDisplay.run { desktop in
            let shown = try LongTextWindow(on: desktop, titled: "Wheel while measuring")
            defer { shown.window.destroy() }
            let (view, scroller, window) = (shown.view, shown.scroller, shown.window)
            view.buffer.placeCursor(atOffset: -1)
            let secondScroll = view.onceMeasured { $0.keepCursorInView() }
            scroller.onPersonScrolls { secondScroll.cancel() }
            try shown.wheelDown()
            #expect(scroller.verticalOffset > 0, "the wheel scrolled down")
            #expect(!secondScroll.isPending, "called off")

            shown.waitUntilMeasured()  // and the second scroll, added before, has run
            // A scroll to the cursor glides there a frame at a time: wait until a frame leaves the view where it was.
            var still = false
            var offset = scroller.verticalOffset
            @MainActor func nextFrame() {
                window.onNextFrame(requestingOne: true) {
                    still = scroller.verticalOffset == offset
                    offset = scroller.verticalOffset
                    if !still { nextFrame() }
                }
            }
            nextFrame()
            MainLoop.iterate(forAtMost: 10) { still }
            // GTK keeps the lines that show in place as it measures those above them, so the offset moves; the view stays put.
            #expect(scroller.distanceToEnd > scroller.visibleHeight, "not scrolled to the end: \(scroller.distanceToEnd) pixels above it")
        }
    }
}
