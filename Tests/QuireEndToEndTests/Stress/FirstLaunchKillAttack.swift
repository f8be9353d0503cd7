import Foundation
import NoteModel
import Testing
import TestSupport

/// A first launch killed in its first moments, while it makes its folders and
/// databases and switches them to WAL (the one moment SQLite writes a rollback
/// journal): the next launch opens what it left, shows a window, and keeps
/// what is typed into it.
@Suite("Stress: first launch killed", .serialized)
struct FirstLaunchKillAttack {
    @Test("a first launch killed at a random moment of its first 600 ms: the next one opens its files and keeps what is typed")
    func killedFirstLaunch() {
        let seed = StressPlan.seed()
        var generator = SeededGenerator(seed: seed)
        var row = StressRow(attack: "first launch killed in its first 600 ms, then launched again", seed: seed)
        for _ in 0..<StressPlan.trials(full: 200, short: 10) {
            var failures: [String]
            do {
                failures = try trial(killedAfter: Int(generator.next() % 600))
            } catch {
                failures = ["\(error)"]
            }
            row.trial(failures: failures, wordsLost: failures.filter { $0.hasPrefix("lost") }.count)
        }
        row.finish()
    }

    private func trial(killedAfter milliseconds: Int) throws -> [String] {
        let session = try QuireSession()
        try session.launch()
        Thread.sleep(forTimeInterval: Double(milliseconds) / 1_000)
        session.process?.send(SIGKILL)
        _ = session.process?.waitForExit(seconds: 10)
        try session.launch()
        let window: String
        do {
            window = try session.waitForWindow(matching: "^New Note — Quire$")
        } catch {
            session.process?.send(SIGKILL)
            return ["no window after a kill at \(milliseconds) ms: \(error)"]
        }
        var failures: [String] = []
        try session.desktop.type("Written after the kill", into: window)
        if !eventually(within: 5, { (try? session.storedNotes().map(\.body)) == ["Written after the kill"] }) {
            failures.append("lost: the text typed after a kill at \(milliseconds) ms was not saved: \(session.messages.suffix(800))")
        }
        let status = try session.stop()
        if status != 0 { failures.append("quire ended with \(status) after a kill at \(milliseconds) ms") }
        failures += StressChecks.databaseProblems(session)
        return failures
    }
}
