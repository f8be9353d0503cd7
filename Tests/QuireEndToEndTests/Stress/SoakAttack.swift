import Foundation
import Testing
import TestSupport

/// Many windows opened, typed into (a word now and then undone and redone)
/// and closed, one after another, with any GTK critical fatal: the app lives
/// through it, and every word is kept.
@Suite("Stress: soak", .serialized)
struct SoakAttack {
    @Test("open, type into and close many windows: no critical, no crash, no word lost")
    func soak() throws {
        let seed = StressPlan.seed()
        var generator = SeededGenerator(seed: seed)
        var row = StressRow(attack: "soak: open, type into and close windows, with G_DEBUG=fatal-criticals", seed: seed)
        let session = try QuireSession(windowManager: true)
        try session.launch()  // the desktop's environment has G_DEBUG=fatal-criticals
        let main = try session.waitForWindow(matching: "^New Note — Quire$")
        try session.desktop.type("Soak", into: main)
        var words: [String] = []
        for _ in 0..<StressPlan.trials(full: 1_000, short: 100) {
            var failures: [String] = []
            let before = Set(session.windowIDs())
            guard session.desktop.activate(main) else {
                let gone = !session.windowIDs().contains(main)
                failures.append(gone ? "the first window closed; windows: \(session.desktop.windowTitles(matching: "."))" : "the first window could not be activated")
                row.trial(failures: failures)
                break
            }
            // Alternate main windows and a note's own window.
            let keys = Bool.random(using: &generator) ? "ctrl+shift+n" : "ctrl+shift+o"
            try session.desktop.xdotool("key", keys)
            var window: String?
            _ = eventually(within: 10) {
                window = Set(session.windowIDs()).subtracting(before).first
                return window != nil
            }
            if let window, session.desktop.activate(window) {
                let word = "s\(generator.next() % 100_000_000)"
                try session.desktop.xdotool("key", "ctrl+End")
                try session.desktop.xdotool("type", "--delay", "2", " \(word)")
                words.append(word)
                // Now and then the word is taken back and put back: in a note's own window,
                // the main window showing the note takes back and puts back the same step.
                if generator.next() % 4 == 0 { try session.desktop.xdotool("key", "ctrl+z", "ctrl+shift+z") }
                // Ctrl+W closes the new window only: never the first one, should the keyboard have left.
                guard session.desktop.activate(window) else {
                    failures.append("the new window lost the keyboard while typing")
                    row.trial(failures: failures)
                    continue
                }
                try session.desktop.xdotool("key", "ctrl+w")
                if !eventually(within: 10, { !session.windowIDs().contains(window) }) { failures.append("the window did not close") }
            } else if keys == "ctrl+shift+n" {
                failures.append("no new window appeared")
            }
            if session.process?.isRunning != true {
                failures.append("quire stopped: \(StressChecks.crashReport(session.messages))")
                row.trial(failures: failures)
                break
            }
            row.trial(failures: failures)
        }
        Thread.sleep(forTimeInterval: 1.2)
        let lost = StressChecks.lostWords(words.map { ($0, 0) }, before: .infinity, session: session)
        if !lost.isEmpty { row.trial(failures: ["words lost: \(lost.prefix(5))"], wordsLost: lost.count) }
        if session.process?.isRunning == true { #expect(try session.stop() == 0) }
        row.finish()
    }
}
