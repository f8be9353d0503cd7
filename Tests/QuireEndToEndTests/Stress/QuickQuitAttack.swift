import Foundation
@testable import Scenes
import Testing
import TestSupport

/// Quits in quick succession, before, during and after the windows come
/// back, mixed with crashes (never two in a row, which the crash-loop guard
/// rightly answers by setting windows aside): every window comes back.
@Suite("Stress: quick quits", .serialized)
struct QuickQuitAttack {
    /// The ways a launch ends in this attack.
    private enum Ending: CaseIterable { case sigterm, sigint, controlQ, sigkill }

    @Test("clean quits before, during and after restoration, in every order with crashes, lose no window")
    func quickQuits() throws {
        let seed = StressPlan.seed()
        var generator = SeededGenerator(seed: seed)
        var row = StressRow(attack: "quick quits: clean quits before, during and after restoration, with crashes", seed: seed)
        let session = try QuireSession(windowManager: true)
        for _ in 0..<StressPlan.trials(full: 50, short: 5) {
            var failures: [String] = []
            // Some windows, and a word, quit normally: what must come back.
            try session.launch(environment: ["QUIRE_TRACE_DOCUMENTS": "1"])
            StressChecks.waitForRestoration(of: Set(try session.savedSessions().map(\.identifier)), in: session)
            let wanted = Int.random(in: 2...6, using: &generator)
            while session.windowIDs().count < wanted {
                _ = try session.runSecond(["--new-window"])
                _ = eventually(within: 5) { session.windowIDs().count >= wanted }
            }
            // Windows take the focus as they appear: type once they have all settled,
            // into the one that has it, or the keys would land in several.
            Thread.sleep(forTimeInterval: 1)
            let active = try session.desktop.xdotool("getactivewindow").trimmingCharacters(in: .whitespacesAndNewlines)
            let word = "q\(generator.next() % 1_000_000)"
            try session.desktop.xdotool("key", "ctrl+End")
            try session.desktop.type(" \(word)", into: active)
            Thread.sleep(forTimeInterval: 1.2)
            let typing = session.messages.split(separator: "\n").filter { $0.hasPrefix("documents:") }
            #expect(try session.stop() == 0)
            let expected = Set(try session.savedSessions().map(\.identifier))

            var lastWasKill = false
            for _ in 0..<Int.random(in: 2...4, using: &generator) {
                var ending = Ending.allCases.randomElement(using: &generator)!
                if ending == .sigkill && lastWasKill { ending = .sigterm }
                let child = try session.launch()
                // From the app's first word on (before that the process is still being
                // loaded, and a signal ends it as it would any program, before anything
                // of Quire ran): before, during or after the windows come back.
                _ = eventually(within: 10) { !session.trace.isEmpty }
                usleep(UInt32.random(in: 0...1_500_000, using: &generator))
                let status = end(child, with: ending, in: session)
                lastWasKill = ending == .sigkill
                if ending != .sigkill && status != 0 {
                    failures.append("a clean quit (\(ending)) exited with \(String(describing: status)); it printed: \(child.standardError.suffix(1_500))")
                }
            }
            try session.launch()
            let restored = StressChecks.waitForRestoration(of: expected, in: session)
            let discarded = Set(session.trace.filter { $0.callback == "application(_:didDiscardSceneSessions:)" }.flatMap(\.sessions))
            if !discarded.isDisjoint(with: expected) { failures.append("windows were discarded: \(discarded.intersection(expected))") }
            if !StressChecks.noteText(session).contains(word) {
                failures.append("the word \(word) typed before the quits is gone; typing it, the documents did \(typing.suffix(10)); the notes hold \(StressChecks.noteText(session).suffix(300))")
            }
            #expect(try session.stop() == 0)
            row.trial(failures: failures, windowsLost: expected.subtracting(restored).count)
        }
        row.finish()
    }

    /// Ends the launch `child` as `ending` says; returns its exit status.
    private func end(_ child: ChildProcess, with ending: Ending, in session: QuireSession) -> Int32? {
        switch ending {
        case .sigterm: child.send(SIGTERM)
        case .sigint: child.send(SIGINT)
        case .sigkill: child.send(SIGKILL)
        case .controlQ:
            // Ctrl+Q needs a window to press it in; before there is one, a quit is SIGTERM.
            if let window = session.windowIDs().first, (try? session.desktop.xdotool("windowfocus", "--sync", window)) != nil,
               (try? session.desktop.xdotool("key", "ctrl+q")) != nil, child.waitForExit(seconds: 5) != nil {
                return child.exitStatus
            }
            child.send(SIGTERM)
        }
        return child.waitForExit(seconds: 15)
    }
}
