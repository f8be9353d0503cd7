import Foundation
@testable import GtkKit
import Testing
import TestSupport

/// `Toolkit.isInputWaiting` on X11: a click and a key that reached the app
/// are seen while the main loop does not run, the events looked at once are
/// not looked at again, and once GDK has handled the input it no longer waits.
@MainActor
@Suite("Input waiting in the X connection", .serialized)
struct InputWaitingTests {
    init() throws { try TestToolkit.start() }

    /// Runs xdotool on the tests' display; it returns once the X server has
    /// done what it asked, so the events it caused are on their way.
    private func xdotool(_ arguments: String..., in directory: TemporaryDirectory) throws -> String {
        let run = try ChildProcess.run(
            "xdotool", arguments, environment: ProcessInfo.processInfo.environment, outputDirectory: directory.path)
        try #require(run.status == 0, "xdotool \(arguments): \(run.error)")
        return run.output.trimmingCharacters(in: .whitespacesAndNewlines)
    }

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

    @Test("a click and a key are seen without the main loop running, each event is looked at once, and handled input no longer waits")
    func clickAndKey() throws {
        try #require(!Toolkit.isOnWayland, "this looks at X11's queue")
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let window = Window()
        defer { window.destroy() }
        let title = "Input waiting \(UUID().uuidString)"
        window.title = title
        window.setDefaultSize(width: 320, height: 240)
        window.setChild(Label("Click or type here"))
        var drew = false
        window.onFirstFrame { drew = true }
        window.present()
        MainLoop.iterate(until: { drew })
        let id = try #require(xdotool("search", "--sync", "--name", title, in: directory).split(separator: "\n").first)
        _ = try xdotool("windowraise", String(id), in: directory)
        // The pointer comes in over the window: motion, no press.
        _ = try xdotool("mousemove", "--sync", "--window", String(id), "40", "40", in: directory)
        MainLoop.iterate(until: { !Toolkit.isInputWaiting })

        _ = try xdotool("mousemove", "--window", String(id), "60", "60", in: directory)
        let moved = try #require(look { $0.lookedAt > 0 }, "the pointer's motion reached the connection")
        #expect(!moved.waiting, "moving the pointer is not input that waits")
        let again = try #require(look { $0.lookedAt == 0 }, "the events already looked at are not looked at again")
        #expect(!again.waiting)

        _ = try xdotool("click", "1", in: directory)
        #expect(look { $0.waiting } != nil, "a click waits, seen without the main loop running")
        MainLoop.iterate(until: { !Toolkit.isInputWaiting })

        _ = try xdotool("key", "a", in: directory)
        #expect(look { $0.waiting } != nil, "a key pressed over the window waits")
        #expect(Toolkit.isInputWaiting, "input still queued is seen again at the next look")
        MainLoop.iterate(until: { !Toolkit.isInputWaiting })
        #expect(!Toolkit.isInputWaiting, "handled by GDK, it no longer waits")
    }
}
