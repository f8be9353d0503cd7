import Glibc
import Spelling
import Testing

@Suite("Work that can wait, on a thread of the lowest priority")
struct LowPriorityThreadTests {
    private static func niceness() -> Int32 { getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0) }

    /// Runs `work` through `LowPriorityThread` and waits for its result, and
    /// whether it came back on the calling (main) thread.
    @MainActor
    private static func outcome<Result: Sendable>(of work: @escaping @Sendable () -> Result) async -> (Result, cameBackHere: Bool) {
        let caller = pthread_self()
        return await withCheckedContinuation { continuation in
            LowPriorityThread.run(work) { result in
                continuation.resume(returning: (result, pthread_equal(pthread_self(), caller) != 0))
            }
        }
    }

    @Test("the work runs at nice 19 on a thread of its own and its result comes back on the main thread; the caller's priority is untouched")
    @MainActor
    func runsAtTheLowestPriority() async {
        let callerBefore = Self.niceness()
        let callerThread = pthread_self()
        let ((niceness, ranElsewhere, result), cameBack) = await Self.outcome {
            (Self.niceness(), pthread_equal(pthread_self(), callerThread) == 0, (1...100).reduce(0, +))
        }
        #expect(niceness == LowPriorityThread.niceness)
        #expect(ranElsewhere)
        #expect(result == 5050)
        #expect(cameBack)
        #expect(Self.niceness() == callerBefore)
    }

    @Test("a dictionary loads there: the checker it makes checks words")
    @MainActor
    func loadsADictionary() async throws {
        let checker = try #require(await Self.outcome { SpellChecker(language: "en_US") }.0)
        #expect(checker.misspellings(in: "a wrold of words", skipping: []) == [2..<7])
    }
}
