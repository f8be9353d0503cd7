import Foundation
import Testing
import TestSupport

/// SIGKILL at a random moment while a person works: both databases stay
/// intact, every word typed up to 50 ms before the kill (half the time one
/// whose keys are known to have reached Quire the very moment before) is in
/// a note once the next launch has replayed the typing journals, and every
/// window open for over a second comes back.
@Suite("Stress: SIGKILL at random moments", .serialized)
struct KillAttack {
    @Test("SIGKILL at a random moment of a scripted session loses no word and no window")
    func randomKills() throws {
        let seed = StressPlan.seed()
        var generator = SeededGenerator(seed: seed)
        var row = StressRow(attack: "SIGKILL at a random moment of a scripted session", seed: seed)
        let session = try QuireSession(windowManager: true)
        let trials = StressPlan.trials(full: 300, short: 20)
        // The trial just killed: what it found, the words that must be in a note
        // once the next launch has replayed the journals, and the windows it must bring back.
        var killed: (failures: [String], words: [(word: String, typedAt: Double)], before: Double, context: String, windows: Set<String>)?
        for trial in 0...trials {
            try session.launch(environment: ["QUIRE_TRACE_DOCUMENTS": "1"])
            let expected = killed?.windows ?? []
            let restored = StressChecks.waitForRestoration(of: expected, in: session)
            if let killed {
                var failures = killed.failures
                let lost = StressChecks.lostWords(killed.words, before: killed.before, session: session)
                if !lost.isEmpty {
                    session.keepScreenshot(named: "stress-kill-\(trial - 1)")
                    failures.append("words not in any note after the next launch: \(lost.prefix(5)); it said: "
                        + "\(session.messages.split(separator: "\n").filter { $0.contains("journal") }.suffix(10)); \(killed.context)")
                }
                row.trial(failures: failures, wordsLost: lost.count, windowsLost: expected.subtracting(restored).count)
            }
            guard trial < trials else { break }
            guard eventually(within: 15, { !session.windowIDs().isEmpty }) else {
                killed = (["no window after launch: \(session.messages.suffix(500))"], [], 0, "", [])
                session.process?.send(SIGKILL)
                continue
            }
            Thread.sleep(forTimeInterval: 2.2)  // the restored windows settle: what follows is work, not restoring
            let user = try ScriptedUser(session: session, seed: generator.next())
            user.act(forMilliseconds: Double.random(in: 300...6_000, using: &generator))
            var failures: [String] = []
            // Closing the last window quits (the script may trash the last window's
            // note): a normal end. Any other end is a crash.
            let quitNormally = session.process?.exitStatus == 0
                && session.trace.contains { $0.callback == "applicationWillTerminate(_:)" }
            if session.process?.isRunning != true && !quitNormally {
                failures.append("quire stopped by itself (\(session.process?.exitStatus ?? -1)): \(StressChecks.crashReport(session.messages))")
            }
            // Half the time the kill comes the moment a word typed into a title shows.
            if generator.next() % 2 == 0 { _ = user.typeWordIntoTitle() }
            let killedAt = user.now
            session.process?.send(SIGKILL)
            _ = session.process?.waitForExit(seconds: 10)
            failures += StressChecks.databaseProblems(session)
            let context = "killed at \(Int(killedAt)) ms after \(user.log.suffix(30)); the documents did: "
                + "\(session.messages.split(separator: "\n").filter { $0.hasPrefix("documents:") }.suffix(40))"
            killed = (failures, user.words, killedAt - 50, context, StressChecks.openWindows(in: session.trace, before: killedAt - 1_000))
        }
        #expect(try session.stop() == 0)
        row.finish()
    }
}
