import Foundation
import Testing
import TestSupport

/// The shape of the attacks that end a person's work at a random moment (a
/// SIGKILL, the display lost, a power cut): launch, let the restored windows
/// settle, work at random for a while, strike, then check on the next launch
/// that every word typed up to `grace` before the blow, and every word that
/// had gone into a typing journal (`keepsJournaledWords`), is in a note once
/// the journals are replayed, that both databases are intact and that every
/// window open for over a second came back.
struct WorkInterrupted {
    /// The row the trials count into.
    var row: StressRow
    /// The random choices, the blow's included.
    var generator: SeededGenerator
    /// How long before the blow a word must have been typed to be kept, in
    /// ms, whether or not the trace shows it reached the app (keys the app
    /// had not read yet, on a busy machine, are not its to keep).
    var grace: Double = 1_000
    /// Whether every word the app had put into a typing journal before the
    /// blow must be kept, however close to it (not after a power cut: the
    /// journal reaches the disk up to half a second after a key).
    var keepsJournaledWords = true
    /// Whether, half the time, the blow comes the moment a word typed into a
    /// title shows (for blows that must keep every keystroke that reached Quire).
    var strikesAfterWordInTitle = true
    /// Added to every launch's environment.
    var launchEnvironment: [String: String] = [:]
    /// Runs before every launch.
    var beforeLaunch: () throws -> Void = {}
    /// Starts something alongside the person's work (another program's
    /// writes), given the session and a seed; what it returns stops it, just
    /// before the blow.
    var whileWorking: ((QuireSession, UInt64) -> () -> Void)?

    /// An attack named `attack`, drawing on a fresh seed.
    init(attack: String) {
        let seed = StressPlan.seed()
        row = StressRow(attack: attack, seed: seed)
        generator = SeededGenerator(seed: seed)
    }

    /// Runs `trials` blows. `session(trial)` gives the session to launch for
    /// a trial (the same one each time, or a new desktop on the same data);
    /// `strike` ends the app's work and returns what went wrong doing so.
    /// Finishes with the last launch quit normally, and the row written.
    mutating func run(
        trials: Int, session makeSession: (Int) throws -> QuireSession, strike: (QuireSession, inout SeededGenerator) -> [String]
    ) throws {
        // The trial just struck: what it found, the words that must be in a note
        // once the next launch has replayed the journals, and the windows it must bring back.
        var struck: (
            failures: [String], words: [(word: String, typedAt: Double)], before: Double, journaled: Set<String>, context: String,
            windows: Set<String>
        )?
        var session = try makeSession(0)
        for trial in 0...trials {
            if trial > 0 { session = try makeSession(trial) }
            try beforeLaunch()
            try session.launch(environment: launchEnvironment.merging(["QUIRE_TRACE_DOCUMENTS": "1"]) { _, new in new })
            let expected = struck?.windows ?? []
            let restored = StressChecks.waitForRestoration(of: expected, in: session)
            if let struck {
                var failures = struck.failures
                let lost = StressChecks.lostWords(struck.words, before: struck.before, journaled: struck.journaled, session: session)
                if !lost.isEmpty {
                    session.keepScreenshot(named: "stress-\(row.attack.prefix(8))-\(trial - 1)")
                    failures.append("words not in any note after the next launch: \(lost.prefix(5)) "
                        + "(journaled: \(lost.filter(struck.journaled.contains).prefix(5))); it said: "
                        + "\(StressChecks.journalMessages(session)); \(struck.context)")
                }
                row.trial(failures: failures, wordsLost: lost.count, windowsLost: expected.subtracting(restored).count)
            }
            guard trial < trials else { break }
            guard eventually(within: 15, { !session.windowIDs().isEmpty }) else {
                struck = (["no window after launch: \(session.messages.suffix(500))"], [], 0, [], "", [])
                session.process?.send(SIGKILL)
                _ = session.process?.waitForExit(seconds: 10)
                continue
            }
            Thread.sleep(forTimeInterval: 2.2)  // the restored windows settle: what follows is work, not restoring
            let user = try ScriptedUser(session: session, seed: generator.next())
            let stopAlongside = whileWorking?(session, generator.next())
            user.act(forMilliseconds: Double.random(in: 300...6_000, using: &generator))
            stopAlongside?()
            var failures: [String] = []
            // Closing the last window quits (the script may trash the last window's
            // note): a normal end. Any other end is a crash.
            let quitNormally = session.process?.exitStatus == 0
                && session.trace.contains { $0.callback == "applicationWillTerminate(_:)" }
            if session.process?.isRunning != true && !quitNormally {
                failures.append("quire stopped by itself (\(session.process?.exitStatus ?? -1)): \(StressChecks.crashReport(session.messages))")
            }
            // Half the time the blow comes the moment a word typed into a title shows.
            var wordInTitle: String?
            if strikesAfterWordInTitle, generator.next() % 2 == 0 { wordInTitle = user.typeWordIntoTitle() }
            let struckAt = user.now
            failures += strike(session, &generator)
            failures += StressChecks.databaseProblems(session)
            let context = "struck at \(Int(struckAt)) ms after \(user.log.suffix(30)); the documents did: "
                + "\(StressChecks.documentEvents(session.messages).suffix(40)); the last text journaled: "
                + "\(StressChecks.journaledText(session.messages).suffix(60))"
            let journaled = keepsJournaledWords ? user.journaledWords(in: session.messages) : []
            // The word the title showed had reached Quire: the trace must say so, or the check above is blind.
            if keepsJournaledWords, let wordInTitle, !journaled.contains(wordInTitle) {
                failures.append("the documents trace has no journaled line for \(wordInTitle), which the title showed")
            }
            struck = (failures, user.words, struckAt - grace, journaled, context, StressChecks.openWindows(in: session.trace, before: struckAt - 1_000))
        }
        #expect(try session.stop() == 0, "the last launch quits cleanly: \(session.messages.suffix(500))")
        row.finish()
    }
}
