import Foundation
import GtkKit
import Testing
import TestSupport

/// A text view in a scroller, in a window on a test's own display, the
/// pointer over it, holding `text` and drawn once: GTK has measured the lines
/// that show and not the rest, as for a long note just shown.
@MainActor
struct LongTextWindow {
    /// Lines long enough to wrap in a narrow window, which GTK cannot know before measuring each.
    static let text: String = {
        let line = "a line of words long enough to wrap once or twice in a narrow window, "
        return (0..<20_000).map { "\(line)\($0)" }.joined(separator: "\n")
    }()

    let view = TextView()
    let scroller = ScrolledWindow()
    let window = Window()
    private let desktop: PrivateDesktop

    init(on desktop: PrivateDesktop, titled title: String) throws {
        self.desktop = desktop
        scroller.setChild(view)
        window.setChild(scroller)
        let title = "\(title) \(UUID().uuidString)"
        OwnDisplay.show(window, titled: title)
        let id = try #require(desktop.xdotool("search", "--sync", "--name", title).split(separator: "\n").first.map(String.init))
        try desktop.xdotool("mousemove", "--sync", "--window", id, "160", "120")
        view.buffer.text = LongTextWindow.text
        var drawn = false
        window.onNextFrame(requestingOne: true) { drawn = true }
        MainLoop.iterate(forAtMost: 5) { drawn }
    }

    /// Turns the wheel three steps down over the view, while the main loop
    /// waits (GTK handles it long before its idle measuring is done), and runs
    /// the loop until the view has scrolled.
    func wheelDown() throws {
        try desktop.xdotool("click", "--repeat", "3", "5")
        MainLoop.iterate(forAtMost: 10) { scroller.verticalOffset > 0 }
    }

    /// Runs the main loop until GTK has measured the whole text (and anything
    /// waiting on an idle at the default priority, added before, has run).
    func waitUntilMeasured() {
        var measured = false
        MainLoop.idle { measured = true; return false }
        MainLoop.iterate(forAtMost: 20) { measured }
    }
}
