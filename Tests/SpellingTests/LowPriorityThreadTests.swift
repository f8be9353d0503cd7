import Glibc
import Spelling
import Testing

@Suite("Work that can wait, on a thread of the lowest priority")
struct LowPriorityThreadTests {
    private static func niceness() -> Int32 { getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0) }

    @Test("the work runs at nice 19 on a thread of its own and its result comes back; the caller's priority is untouched")
    func runsAtTheLowestPriority() async {
        let callerBefore = Self.niceness()
        let callerThread = pthread_self()
        let (niceness, ranElsewhere, result) = await LowPriorityThread.run {
            (Self.niceness(), pthread_equal(pthread_self(), callerThread) == 0, (1...100).reduce(0, +))
        }
        #expect(niceness == LowPriorityThread.niceness)
        #expect(ranElsewhere)
        #expect(result == 5050)
        #expect(Self.niceness() == callerBefore)
    }

    @Test("a dictionary loads there: the checker it makes checks words")
    func loadsADictionary() async throws {
        let checker = try #require(await LowPriorityThread.run { SpellChecker(language: "en_US") })
        #expect(checker.misspellings(in: "a wrold of words", skipping: []) == [2..<7])
    }
}
