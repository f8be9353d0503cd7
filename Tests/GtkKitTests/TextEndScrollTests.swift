import CGtk
import Testing
@testable import GtkKit

/// Ctrl+End in a long text just put in: GTK measures the lines a chunk at a
/// time while idle, and its scroll to the cursor lands where it guessed the
/// last line was, short of the end; the view scrolls again once they are
/// measured (`onceMeasured`).
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

        // Lines long enough to wrap at this width, which GTK cannot know before measuring each.
        let line = "a line of words long enough to wrap once or twice in a narrow window, "
        view.buffer.text = (0..<20_000).map { "\(line)\($0)" }.joined(separator: "\n")
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
}
