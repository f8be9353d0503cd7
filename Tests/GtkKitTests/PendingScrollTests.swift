@testable import GtkKit
import Testing

/// A scroll position put back before the text is measured that far (a
/// restored window's): it waits until the content is tall enough, unless the
/// person scrolls meanwhile, and then it is theirs that counts.
@MainActor
@Suite("A scroll waiting for the layout", .serialized)
struct PendingScrollTests {
    init() throws {
        try TestToolkit.start()
    }

    @Test("a wheel scroll while the offset put back waits for GTK's measuring calls it off: the view stays where the person scrolled, and that is the offset to save")
    func wheelScrollCallsOffTheWaitingOffset() throws {
        try OwnDisplay.run { desktop in
            let shown = try LongTextWindow(on: desktop, titled: "Wheel while an offset waits")
            defer { shown.window.destroy() }
            let scroller = shown.scroller
            let far = 300_000.0
            scroller.scroll(toVerticalOffset: far)
            #expect(scroller.verticalOffset < far && scroller.intendedVerticalOffset == far, "waiting: GTK has not measured that far")
            try shown.wheelDown()
            #expect(scroller.verticalOffset > 0, "the wheel scrolled down")
            #expect(scroller.intendedVerticalOffset == scroller.verticalOffset, "where the person scrolled is the offset to save")

            shown.waitUntilMeasured()
            #expect(scroller.distanceToEnd > far, "the text is measured past the offset")
            #expect(scroller.verticalOffset < far / 10, "the view did not jump to the offset: at \(scroller.verticalOffset)")
        }
    }
}
