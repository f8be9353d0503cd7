import Foundation
import TestSupport

/// What the stress attacks check after each blow, from outside: the databases
/// as another program reads them, the words in the notes, the windows in the
/// lifecycle trace.
enum StressChecks {
    /// What a crashed app printed that tells why: from the backtrace of a
    /// fatal log message, its fatal error or the start of its crash report on
    /// (enough for a backtrace of 64 frames), else its last lines.
    static func crashReport(_ messages: String) -> String {
        for marker in ["backtrace of a fatal log message", "backtrace of a crash", "Fatal error", "fatal error", "💣", "Crash", "Thread 0"] {
            if let range = messages.range(of: marker) { return String(messages[range.lowerBound...].prefix(6_000)) }
        }
        return String(messages.suffix(1_500))
    }

    /// What is wrong with either database (empty if nothing).
    static func databaseProblems(_ session: QuireSession) -> [String] {
        let directory = session.desktop.directory.path
        return [
            DatabaseCheck.problems(in: session.notesPath, extra: DatabaseCheck.notesIndexMatches, directory: directory),
            DatabaseCheck.problems(in: session.scenesPath, directory: directory),
        ].filter { !$0.isEmpty }
    }

    /// Every note's text (in the trash or not), read as another program would,
    /// read-only, so that the app finds its files as the crash left them.
    static func noteText(_ session: QuireSession) -> String {
        guard let result = try? ChildProcess.run(
            "sqlite3", ["-readonly", session.notesPath, "SELECT body FROM notes;"],
            environment: ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin"],
            outputDirectory: session.desktop.directory.path)
        else { return "" }
        return result.output
    }

    /// The words typed before `time` (trace ms), or in `journaled` (they had
    /// reached the app, however close to the blow), that no note holds, and
    /// that no recovery copy holds either.
    static func lostWords(
        _ words: [(word: String, typedAt: Double)], before time: Double, journaled: Set<String> = [], session: QuireSession
    ) -> [String] {
        let text = noteText(session) + session.drafts().map(\.body).joined(separator: "\n")
        return words.filter { ($0.typedAt <= time || journaled.contains($0.word)) && !text.contains($0.word) }.map(\.word)
    }

    /// The documents' trace lines in `messages` (and the scenes' with
    /// `scenes`), but for the `journaled` line of each insert.
    static func documentEvents(_ messages: String, scenes: Bool = false) -> [Substring] {
        messages.split(separator: "\n").filter { line in
            (line.hasPrefix("documents:") && !line.contains(" journaled …")) || (scenes && line.hasPrefix("scenes:"))
        }
    }

    /// The text typed into notes that went into their typing journals, in
    /// order, as the run that printed `messages` traced it
    /// (`QUIRE_TRACE_DOCUMENTS`: a `journaled` line for each insert).
    static func journaledText(_ messages: String) -> String {
        messages.split(separator: "\n").compactMap { line -> Substring? in
            guard line.hasPrefix("documents:"), let mark = line.range(of: " journaled …") else { return nil }
            return line[mark.upperBound...]
        }.joined()
    }

    /// What the current launch said of the typing journals it replayed (its
    /// last ten such lines), for a failure that counts lost words.
    static func journalMessages(_ session: QuireSession) -> [Substring] {
        Array(session.messages.split(separator: "\n").filter { $0.contains("journal") }.suffix(10))
    }

    /// The sessions whose window connected before `time` (trace ms) and was not
    /// discarded afterwards: the windows a relaunch must bring back.
    static func openWindows(in trace: [TraceEvent], before time: Double) -> Set<String> {
        var open: [String: Double] = [:]
        for event in trace {
            switch event.callback {
            case "scene(_:willConnectTo:options:)": open[event.session] = open[event.session] ?? event.milliseconds
            case "application(_:didDiscardSceneSessions:)": for id in event.sessions { open[id] = nil }
            default: break
            }
        }
        return Set(open.filter { $0.value <= time }.keys)
    }

    /// Waits (up to 20 s) until every session of `expected` has connected and
    /// drawn in the current launch; returns those that connected.
    @discardableResult
    static func waitForRestoration(of expected: Set<String>, in session: QuireSession) -> Set<String> {
        var connected: Set<String> = []
        _ = eventually(within: 20) {
            let trace = session.trace
            connected = Set(trace.filter { $0.callback == "scene(_:willConnectTo:options:)" }.map(\.session))
            let drawn = Set(trace.filter { $0.callback == "first-frame" }.map(\.session))
            return expected.isSubset(of: drawn) && (!expected.isEmpty || !drawn.isEmpty)
        }
        return connected
    }
}
