import Testing
@testable import GtkKit

/// Signal handlers hold their Swift closures exactly as long as GLib needs them.
@MainActor
@Suite("Signals")
struct SignalLifetimeTests {
    init() throws {
        try TestToolkit.start()
    }

    @Test("closures are released when their object is finalised")
    func closuresReleasedWithObject() {
        let handlersBefore = LiveCounts.signalHandlers
        let wrappersBefore = LiveCounts.objectWrappers
        var finalized = false
        var changes = 0
        do {
            let view = TextView()
            view.whenFinalized { finalized = true }
            view.buffer.onChanged { changes += 1 }
            view.observe(property: "editable") {}
            view.connect("destroy") {}
            #expect(LiveCounts.signalHandlers == handlersBefore + 3)
            view.buffer.text = "hello"
            #expect(changes == 1)
        }
        #expect(finalized, "dropping the last wrapper finalises the widget")
        #expect(LiveCounts.signalHandlers == handlersBefore, "every handler's closure was released")
        #expect(LiveCounts.objectWrappers == wrappersBefore, "the view and its buffer wrapper were released")
    }

    @Test("a destroyed window releases its handlers, and the wrapper its reference")
    func destroyedWindowReleasesEverything() {
        let handlersBefore = LiveCounts.signalHandlers
        var finalized = false
        var destroyed = false
        var window: Window? = Window()
        window?.whenFinalized { finalized = true }
        window?.onDestroy { destroyed = true }
        window?.onCloseRequest { false }
        window?.setChild(TextView())
        window?.present()
        window?.destroy()
        #expect(destroyed)
        #expect(LiveCounts.signalHandlers == handlersBefore, "dispose disconnects and releases handlers")
        #expect(!finalized, "the wrapper's own reference keeps the object valid")
        window = nil
        #expect(finalized, "releasing the wrapper drops the last reference")
    }

    @Test("close-request's gboolean result is honoured both ways")
    func closeRequestReturnValue() {
        let window = Window()
        var requests = 0
        var destroyed = false
        window.onCloseRequest {
            requests += 1
            return requests == 1  // keep the window open the first time only
        }
        window.onDestroy { destroyed = true }
        window.present()
        window.close()
        #expect(requests == 1)
        #expect(!destroyed, "returning true keeps the window")
        window.close()
        #expect(requests == 2)
        #expect(destroyed, "returning false lets it close")
    }

    @Test("a blocked handler does not see changes made while blocked")
    func blockedHandler() {
        let view = TextView()
        var changes = 0
        let connection = view.buffer.onChanged { changes += 1 }
        connection.whileBlocked { view.buffer.text = "from another window" }
        #expect(changes == 0)
        view.buffer.text = "typed"
        #expect(changes > 0, "unblocked again afterwards")
        let changesBeforeDisconnect = changes
        connection.disconnect()
        #expect(!connection.isConnected)
        connection.disconnect()  // a second disconnect is harmless
        view.buffer.text = "after"
        #expect(changes == changesBeforeDisconnect)
    }
}
