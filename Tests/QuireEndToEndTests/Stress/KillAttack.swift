import Foundation
import Testing
import TestSupport

/// SIGKILL at a random moment while a person works: both databases stay
/// intact, every word idle for over a second is kept, and every window open
/// for over a second comes back.
@Suite("Stress: SIGKILL at random moments", .serialized)
struct KillAttack {
    @Test("SIGKILL at a random moment of a scripted session loses no word and no window")
    func randomKills() throws {
        let seed = StressPlan.seed()
        var generator = SeededGenerator(seed: seed)
        var row = StressRow(attack: "SIGKILL at a random moment of a scripted session", seed: seed)
        let session = try QuireSession(windowManager: true)
        let trials = StressPlan.trials(full: 300, short: 20)
        // The trial just killed: what it found, and the windows the next launch must bring back.
        var killed: (failures: [String], wordsLost: Int, windows: Set<String>)?
        for trial in 0...trials {
            try session.launch(environment: ["QUIRE_TRACE_DOCUMENTS": "1"])
            let expected = killed?.windows ?? []
            let restored = StressChecks.waitForRestoration(of: expected, in: session)
            if let killed {
                row.trial(failures: killed.failures, wordsLost: killed.wordsLost,
                          windowsLost: expected.subtracting(restored).count)
            }
            guard trial < trials else { break }
            guard eventually(within: 15, { !session.windowIDs().isEmpty }) else {
                killed = (["no window after launch: \(session.messages.suffix(500))"], 0, [])
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
            let killedAt = user.now
            session.process?.send(SIGKILL)
            _ = session.process?.waitForExit(seconds: 10)
            failures += StressChecks.databaseProblems(session)
            let lost = StressChecks.lostWords(user.words, before: killedAt - 1_000, session: session)
            if !lost.isEmpty {
                session.keepScreenshot(named: "stress-kill-\(trial)")
                failures.append("words not in any note: \(lost.prefix(5)), killed at \(Int(killedAt)) ms after \(user.log.suffix(30)); "
                    + "the documents did: \(session.messages.split(separator: "\n").filter { $0.hasPrefix("documents:") }.suffix(40))")
            }
            killed = (failures, lost.count, StressChecks.openWindows(in: session.trace, before: killedAt - 1_000))
        }
        #expect(try session.stop() == 0)
        row.finish()
    }
}
