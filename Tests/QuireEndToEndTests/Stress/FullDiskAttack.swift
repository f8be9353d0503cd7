import Foundation
import Testing
import TestSupport

/// The notes' disk fills while a person types, then closes a window, switches
/// notes, quits, logs out or crashes; then space comes back. No word is lost:
/// the text waits in the windows and in recovery copies until it is saved.
@Suite("Stress: full disk", .serialized)
struct FullDiskAttack {
    /// What the person does once saving fails.
    private enum Move: CaseIterable { case keepTyping, closeAnyway, switchNote, quitAnyway, logOut, crash }

    @Test("a full disk while typing, closing, switching notes and quitting, then space returns: no word lost")
    func fullDisk() throws {
        let seed = StressPlan.seed()
        var generator = SeededGenerator(seed: seed)
        var row = StressRow(attack: "full disk while typing, closing, switching notes and quitting; then space returns", seed: seed)
        for trial in 0..<StressPlan.trials(full: 20, short: 3) {
            // The short run tries the moves in turn; the full run at random.
            let move = StressPlan.isFull ? Move.allCases.randomElement(using: &generator)! : Move.allCases[(trial * 2 + 1) % Move.allCases.count]
            var failures: [String] = []
            var words: [String] = []
            do {
                words = try run(move, generator: &generator, failures: &failures)
            } catch {
                failures.append("\(move): \(error)")
            }
            row.trial(failures: failures.map { "\(move): \($0)" }, wordsLost: failures.filter { $0.hasPrefix("lost") }.count)
            _ = words
        }
        row.finish()
    }

    private func word(_ generator: inout SeededGenerator) -> String { "d\(generator.next() % 10_000_000)" }

    /// One trial; returns the words typed and adds what went wrong to `failures`.
    private func run(_ move: Move, generator: inout SeededGenerator, failures: inout [String]) throws -> [String] {
        let disk = try SmallDisk(megabytes: 3)
        let session = try QuireSession(dataHome: disk.path + "/data")
        try session.launch()
        let window = try session.waitForWindow(matching: "^New Note — Quire$")
        var words = [word(&generator)]
        try session.desktop.type(words[0], into: window)
        guard eventually(within: 5, { (try? session.storedBody()) == words[0] }) else {
            failures.append("the first word was not saved")
            return words
        }
        if move == .closeAnyway {
            // A second window, on another note, keeps the app running once the first
            // is closed. (On the same note, closing the first would lose nothing: it
            // closes without asking.)
            _ = try session.runSecond(["--new-window"])
            _ = eventually(within: 5) { session.windowIDs().count == 2 }
            if let second = session.windowIDs().first(where: { $0 != window }) {
                try session.desktop.xdotool("windowfocus", "--sync", second)
                try session.desktop.xdotool("key", "ctrl+n")
                Thread.sleep(forTimeInterval: 0.3)
            }
        }
        disk.fill()
        for _ in 0..<Int.random(in: 1...3, using: &generator) {
            words.append(word(&generator))
            try session.desktop.type(" " + words.last!, into: window)
        }
        if !eventually(within: 5, { !session.desktop.windowTitles(matching: "\\(not saved\\) — Quire$").isEmpty }) {
            failures.append("no window says the note is not saved")
        }
        Thread.sleep(forTimeInterval: 1.2)  // the recovery copy is written
        switch move {
        case .keepTyping:
            words.append(word(&generator))
            try session.desktop.type(" " + words.last!, into: window)
            Thread.sleep(forTimeInterval: 1.2)
        case .closeAnyway:
            try session.desktop.xdotool("windowfocus", "--sync", window)
            try session.answerDialog(matching: "^Close Without Saving\\?$", openedBy: "ctrl+w", with: "alt+c")
            if !eventually(within: 5, { session.windowIDs().count == 1 }) { failures.append("Close Anyway did not close the window") }
        case .switchNote:
            try session.desktop.xdotool("windowfocus", "--sync", window)
            try session.desktop.xdotool("key", "ctrl+n")
            Thread.sleep(forTimeInterval: 0.5)
            if session.desktop.windowTitles(matching: "\\(not saved\\) — Quire$").isEmpty {
                failures.append("the window switched away from its unsaved note")
            }
        case .quitAnyway:
            try session.desktop.xdotool("windowfocus", "--sync", window)
            try session.answerDialog(matching: "^Quit Without Saving\\?$", openedBy: "ctrl+q", with: "alt+q")
            if session.process?.waitForExit(seconds: 10) != 0 { failures.append("Quit Anyway did not quit cleanly") }
        case .logOut:
            if try session.stop(with: SIGHUP) != 0 { failures.append("a logout did not quit cleanly") }
        case .crash:
            session.process?.send(SIGKILL)
            _ = session.process?.waitForExit(seconds: 10)
        }
        if session.process?.isRunning != true {
            let kept = session.drafts().map(\.body).joined(separator: " ")
            for missing in words.dropFirst() where !kept.contains(missing) {
                failures.append("not in a recovery copy after the app ended: \(missing)")
            }
        }
        disk.free()
        if session.process?.isRunning != true { try session.launch() }
        let saved = eventually(within: 20) {
            let text = StressChecks.noteText(session)
            return words.allSatisfy { text.contains($0) }
        }
        if !saved {
            let text = StressChecks.noteText(session)
            for missing in words where !text.contains(missing) {
                failures.append("lost \(missing): notes \(text.suffix(200)), drafts \(session.drafts().map(\.body)), \(session.messages.suffix(600))")
            }
        }
        if !eventually(within: 5, { session.drafts().isEmpty }) { failures.append("recovery copies were left behind") }
        if try session.stop() != 0 { failures.append("the last quit was not clean") }
        return words
    }
}
