import CGtk
import Foundation
@testable import GtkKit
import Testing
import TestSupport

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
            let view = TextView()
            let scroller = ScrolledWindow()
            scroller.setChild(view)
            let window = Window()
            defer { window.destroy() }
            window.setChild(scroller)
            let title = "Wheel while an offset waits \(UUID().uuidString)"
            OwnDisplay.show(window, titled: title)
            let id = try #require(desktop.xdotool("search", "--sync", "--name", title).split(separator: "\n").first.map(String.init))
            try desktop.xdotool("mousemove", "--sync", "--window", id, "160", "120")

            view.buffer.text = TextEndScrollTests.longText
            var drawn = false
            window.onNextFrame(requestingOne: true) { drawn = true }
            MainLoop.iterate(forAtMost: 5) { drawn }
            let far = 300_000.0
            scroller.scroll(toVerticalOffset: far)
            #expect(scroller.verticalOffset < far && scroller.intendedVerticalOffset == far, "waiting: GTK has not measured that far")
            // Sent while the main loop waits: GTK handles it long before its idle measuring is done.
            try desktop.xdotool("click", "--repeat", "3", "5")
            MainLoop.iterate(forAtMost: 10) { scroller.verticalOffset > 0 }
            #expect(scroller.verticalOffset > 0, "the wheel scrolled down")
            #expect(scroller.intendedVerticalOffset == scroller.verticalOffset, "where the person scrolled is the offset to save")

            var measured = false
            MainLoop.idle { measured = true; return false }  // after GTK's measuring
            MainLoop.iterate(forAtMost: 20) { measured }
            #expect(scroller.distanceToEnd > far, "the text is measured past the offset")
            #expect(scroller.verticalOffset < far / 10, "the view did not jump to the offset: at \(scroller.verticalOffset)")
        }
    }
}
