import Testing

/// A trait for tests that must not run at the same time as one another,
/// though other suites run beside them: those that load the machine (real
/// servers moving thousands of files) and those that time the main loop
/// (a stall over 100 ms fails them, and on two cores a neighbour's load can
/// make one). Each such test waits for the one running to finish.
struct OneAtATime: TestTrait, SuiteTrait, TestScoping {
    var isRecursive: Bool { true }

    func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        guard !test.isSuite else { return try await function() }  // its tests take turns, not the suite
        await OneAtATime.gate.enter()
        do {
            try await function()
        } catch {
            await OneAtATime.gate.leave()
            throw error
        }
        await OneAtATime.gate.leave()
    }

    private static let gate = Gate()

    /// Lets one holder in at a time; the others wait in turn.
    private actor Gate {
        private var held = false
        private var waiting: [CheckedContinuation<Void, Never>] = []

        func enter() async {
            guard held else {
                held = true
                return
            }
            await withCheckedContinuation { waiting.append($0) }
        }

        func leave() {
            if waiting.isEmpty {
                held = false
            } else {
                waiting.removeFirst().resume()
            }
        }
    }
}

extension Trait where Self == OneAtATime {
    /// Runs each test of the suite when no other such test runs.
    static var oneAtATime: Self { OneAtATime() }
}
