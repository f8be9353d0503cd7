import Foundation
import NoteModel
import Testing
import TestSupport

/// A first launch killed in its first moments, while it makes its folders and
/// databases (each beside its name, `<name>.making`, then named once whole),
/// half the time just as a database file, or the one being made, appears: the
/// next launch opens what it left, shows a window, and keeps what is typed into it.
@Suite("Stress: first launch killed", .serialized)
struct FirstLaunchKillAttack {
    @Test("a first launch killed at a random moment of its first 600 ms: the next one opens its files and keeps what is typed")
    func killedFirstLaunch() {
        StressRow.run("first launch killed in its first 600 ms, then launched again", trials: StressPlan.trials(full: 200, short: 10)) {
            // Half the kills fall anywhere in the first 600 ms; half within 3 ms
            // of a database file, or the one being made, appearing.
            let files: [KillMoment.File] = [.notes, .scenes, .making(.notes), .making(.scenes)]
            let moment: KillMoment = $0.next() % 2 == 0
                ? .after(milliseconds: Int($0.next() % 600))
                : .afterCreating(files[Int($0.next() % UInt64(files.count))], microseconds: UInt32($0.next() % 3_000))
            return try trial(killed: moment)
        }
    }

    /// When a trial kills the first launch.
    private enum KillMoment: CustomStringConvertible {
        indirect enum File: CustomStringConvertible {
            case notes, scenes
            /// The file being made for that one, beside its name.
            case making(File)

            var description: String {
                switch self {
                case .notes: "notes.sqlite"
                case .scenes: "scenes.sqlite"
                case let .making(file): "\(file).making"
                }
            }

            func path(in session: QuireSession) -> String {
                switch self {
                case .notes: session.notesPath
                case .scenes: session.scenesPath
                case let .making(file): file.path(in: session) + ".making"
                }
            }
        }
        case after(milliseconds: Int)
        case afterCreating(File, microseconds: UInt32)

        var description: String {
            switch self {
            case let .after(milliseconds): "\(milliseconds) ms after exec"
            case let .afterCreating(file, microseconds): "\(microseconds) µs after \(file) appeared"
            }
        }
    }

    private func trial(killed moment: KillMoment) throws -> [String] {
        let session = try QuireSession()
        try session.launch()
        switch moment {
        case let .after(milliseconds):
            Thread.sleep(forTimeInterval: Double(milliseconds) / 1_000)
        case let .afterCreating(file, microseconds):
            let path = file.path(in: session)
            let deadline = Date().addingTimeInterval(10)
            while !FileManager.default.fileExists(atPath: path) && Date() < deadline { usleep(100) }
            usleep(microseconds)
        }
        session.process?.send(SIGKILL)
        _ = session.process?.waitForExit(seconds: 10)
        try session.launch()
        let window: String
        do {
            window = try session.waitForWindow(matching: "^New Note — Quire$")
        } catch {
            session.process?.send(SIGKILL)
            return ["no window after a kill \(moment): \(error)"]
        }
        var failures: [String] = []
        try session.desktop.type("Written after the kill", into: window)
        if !eventually(within: 5, { (try? session.storedNotes().map(\.body)) == ["Written after the kill"] }) {
            failures.append("lost: the text typed after a kill \(moment) was not saved: \(session.messages.suffix(800))")
        }
        let status = try session.stop()
        if status != 0 { failures.append("quire ended with \(status) after a kill \(moment)") }
        failures += StressChecks.databaseProblems(session)
        return failures
    }
}
