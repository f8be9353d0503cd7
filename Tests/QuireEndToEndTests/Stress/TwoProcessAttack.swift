import Foundation
import Testing
import TestSupport

/// Two Quire processes on separate buses and the same folders, writing the
/// same and different notes at once: no word lost, no window restored by
/// both, and every window of both back at the next launch.
@Suite("Stress: two processes", .serialized)
struct TwoProcessAttack {
    @Test("two processes on separate buses, same folders, editing the same and different notes: nothing lost")
    func twoProcesses() throws {
        let seed = StressPlan.seed()
        var generator = SeededGenerator(seed: seed)
        var row = StressRow(attack: "two processes on separate buses and the same folders, editing the same and different notes", seed: seed)
        let session = try QuireSession(windowManager: true)
        let otherBus = try PrivateDesktop()
        for _ in 0..<StressPlan.trials(full: 20, short: 2) {
            var failures: [String] = []
            try session.launch(environment: ["QUIRE_TRACE_DOCUMENTS": "1"])
            guard eventually(within: 15, { !session.windowIDs().isEmpty }) else {
                row.trial(failures: ["the first instance showed no window"])
                continue
            }
            let before = Set(session.windowIDs())
            let second = try ChildProcess(
                BuiltProducts.executable("quire"), [],
                environment: session.environment(["DBUS_SESSION_BUS_ADDRESS": otherBus.busAddress, "QUIRE_TRACE_DOCUMENTS": "1"]),
                outputDirectory: session.desktop.directory.path)
            _ = eventually(within: 15) { !Set(session.windowIDs()).subtracting(before).isEmpty }
            Thread.sleep(forTimeInterval: 2.2)
            let user = try ScriptedUser(session: session, seed: generator.next(), mix: .writing)
            user.act(forMilliseconds: Double.random(in: 2_000...8_000, using: &generator))
            Thread.sleep(forTimeInterval: 1.5)  // both have saved, and seen each other's saves

            let firstTrace = session.trace
            let secondTrace = TraceEvent.all(in: second.standardError)
            func connected(_ trace: [TraceEvent]) -> Set<String> {
                Set(trace.filter { $0.callback == "scene(_:willConnectTo:options:)" }.map(\.session))
            }
            let both = connected(firstTrace).intersection(connected(secondTrace))
            if !both.isEmpty { failures.append("both processes showed the windows \(both)") }
            let expected = StressChecks.openWindows(in: firstTrace, before: .infinity)
                .union(StressChecks.openWindows(in: secondTrace, before: .infinity))
            second.send(SIGTERM)
            if second.waitForExit(seconds: 10) != 0 { failures.append("the second process did not quit cleanly: \(StressChecks.crashReport(second.standardError))") }
            if try session.stop() != 0 { failures.append("the first process did not quit cleanly") }
            failures += StressChecks.databaseProblems(session)
            let lost = StressChecks.lostWords(user.words, before: .infinity, session: session)
            if !lost.isEmpty {
                failures.append("words lost: \(lost.prefix(5)) after \(user.log.suffix(30)); documents: "
                    + "\((session.messages + second.standardError).split(separator: "\n").filter { $0.hasPrefix("documents:") }.suffix(40))")
            }
            // One instance brings back the windows of both.
            try session.launch()
            let restored = StressChecks.waitForRestoration(of: expected, in: session)
            if try session.stop() != 0 { failures.append("the check launch did not quit cleanly") }
            row.trial(failures: failures, wordsLost: lost.count, windowsLost: expected.subtracting(restored).count)
        }
        row.finish()
    }
}
