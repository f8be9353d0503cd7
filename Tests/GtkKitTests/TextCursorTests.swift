import CGtk
import Testing
@testable import GtkKit

/// A text view's cursor shows, and blinks, only in the active window. GTK 4.8
/// alone kept blinking it in views without the focus, each blink a redraw at
/// the frame rate: every window on a note redrew itself while another was
/// typed in.
@MainActor
@Suite("Text cursor", .serialized)
struct TextCursorTests {
    init() throws {
        try TestToolkit.start()
    }

    /// A shown window holding a focused text view with some text.
    private func window(with text: String) -> (Window, TextView) {
        let view = TextView()
        view.buffer.text = text
        let window = Window()
        window.setDefaultSize(width: 300, height: 200)
        window.setChild(view)
        _ = view.grabFocus()
        window.present()
        return (window, view)
    }

    /// Counts `window`'s frames as they are drawn.
    @MainActor
    private final class FrameCount {
        var frames = 0
        var connection: SignalConnection?
        init(_ window: Window) {
            MainLoop.iterate(forAtMost: 5) { cgtk_widget_frame_clock(window.objectPointer) != nil }
            guard let clock = cgtk_widget_frame_clock(window.objectPointer) else { return }
            connection = Object(retaining: clock).connect("after-paint") { [unowned self] in frames += 1 }
        }
    }

    @Test("the view in the window behind shows no cursor and draws nothing while the front one blinks, even after its text changes; brought forward, it shows its cursor")
    func cursorOnlyInTheActiveWindow() throws {
        let (behind, behindView) = window(with: "behind")
        let (front, frontView) = window(with: "front")
        defer {
            behind.destroy()
            front.destroy()
        }
        MainLoop.iterate(forAtMost: 5) { front.isActive && !behind.isActive }
        try #require(front.isActive && !behind.isActive, "the window presented last is active")
        #expect(frontView.isCursorVisible)
        #expect(!behindView.isCursorVisible)

        let frontFrames = FrameCount(front)
        let behindFrames = FrameCount(behind)
        behindView.buffer.insert(" changed", atOffset: 6)  // as a change made in another window arrives
        MainLoop.iterate(forAtMost: 10) { frontFrames.frames >= 20 }
        #expect(frontFrames.frames >= 20, "the front window's cursor blinks")
        #expect(behindFrames.frames <= 2, "the window behind drew its change, and no blinking: \(behindFrames.frames) frames")

        behind.present()
        MainLoop.iterate(forAtMost: 5) { behind.isActive && behindView.isCursorVisible }
        #expect(behindView.isCursorVisible, "brought forward, it shows its cursor")
        #expect(!frontView.isCursorVisible)
    }
}
