import Testing
@testable import GtkKit

/// Actions get their own trampoline: "activate" passes a parameter before the user data.
@MainActor
@Suite("Actions")
struct SimpleActionTests {
    @Test("activating an action runs its handler, whose closure goes with the action")
    func activation() {
        let handlersBefore = LiveCounts.signalHandlers
        var activations = 0
        do {
            let action = SimpleAction(name: "test-action")
            action.onActivate { activations += 1 }
            action.activate()
            action.activate()
            #expect(LiveCounts.signalHandlers == handlersBefore + 1)
        }
        #expect(activations == 2)
        #expect(LiveCounts.signalHandlers == handlersBefore)
    }
}
