import Foundation
import NoteModel
@testable import Scenes
import Testing
import TestSupport

/// Quire run as an ordinary user (nobody) against files and folders it may
/// not write: it keeps running, changes nothing, and its advice fits the cause
/// (permissions, never "move the file aside", which is for damage).
@Suite("Stress: unwritable files and folders", .serialized)
struct UnprivilegedAttack {
    /// What the app must do.
    private enum Outcome {
        /// The notes cannot be opened: the window says so, with this advice.
        case notesRefused(advice: String)
        /// The notes work, but windows are not saved this time, and it says so.
        case windowsNotSaved
    }

    private struct Case {
        let name: String
        let outcome: Outcome
        /// Sets up the folders (data home, state home) before the launch.
        let prepare: @Sendable (_ data: String, _ state: String) throws -> Void
    }

    private static let app = "io.github.quire.Quire"

    /// A folder nobody owns and may write (mode 0700).
    private static func makeOwned(_ path: String) throws {
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        chown(path, 65_534, 65_534)
        chmod(path, 0o700)
    }

    /// A notes database and a session store made by a first run, owned by nobody.
    private static func files(_ data: String, _ state: String) throws -> (notes: String, scenes: String) {
        try makeOwned(data + "/" + app)
        try makeOwned(state + "/" + app)
        return (data + "/" + app + "/notes.sqlite", state + "/" + app + "/scenes.sqlite")
    }

    private static let cases: [Case] = [
        Case(name: "a read-only notes file", outcome: .notesRefused(advice: "may not read or write")) { data, state in
            let paths = try files(data, state)
            try firstRun(paths.notes)
            chmod(paths.notes, 0o400)
        },
        Case(name: "a read-only notes folder", outcome: .notesRefused(advice: "may not read or write")) { data, state in
            let paths = try files(data, state)
            try firstRun(paths.notes)
            chmod((paths.notes as NSString).deletingLastPathComponent, 0o500)
        },
        Case(name: "a notes folder it may not enter", outcome: .notesRefused(advice: "may not read or write")) { data, state in
            let paths = try files(data, state)
            try firstRun(paths.notes)
            chmod((paths.notes as NSString).deletingLastPathComponent, 0o000)
        },
        Case(name: "a data folder it may not write", outcome: .notesRefused(advice: "may not read or write")) { data, state in
            try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: true)
            chmod(data, 0o755)  // root's
            try makeOwned(state)
        },
        Case(name: "a file where the data folder should be", outcome: .notesRefused(advice: "in the way")) { data, state in
            try Data("not a folder".utf8).write(to: URL(fileURLWithPath: data))
            try makeOwned(state)
        },
        Case(name: "a state folder it may not write", outcome: .windowsNotSaved) { data, state in
            try makeOwned(data)
            try FileManager.default.createDirectory(atPath: state, withIntermediateDirectories: true)
            chmod(state, 0o755)  // root's
        },
        Case(name: "a read-only session store", outcome: .windowsNotSaved) { data, state in
            let paths = try files(data, state)
            try firstRun(scenes: paths.scenes)
            chmod(paths.scenes, 0o400)
        },
    ]

    /// A notes database with one note, as a first run leaves it, owned by nobody.
    private static func firstRun(_ path: String) throws {
        let store = try NoteStore(path: path)
        try store.createNote(body: "Written before")
        store.close()
        for suffix in ["", "-wal", "-shm"] { chown(path + suffix, 65_534, 65_534) }
    }

    /// A session store as a first run leaves it, owned by nobody.
    private static func firstRun(scenes path: String) throws {
        let store = try SessionStore(path: path)
        store.close()
        for suffix in ["", "-wal", "-shm", ".claims"] { chown(path + suffix, 65_534, 65_534) }
    }

    @Test("read-only and unwritable files and folders, as an unprivileged user: clear advice that fits, nothing changed")
    func unwritable() throws {
        guard getuid() == 0 else {
            Issue.record("this attack switches to the user nobody, which needs root (as the test command runs)")
            return
        }
        var row = StressRow(attack: "read-only and unwritable folders and files, as an unprivileged user", seed: StressPlan.seed())
        for unwritable in UnprivilegedAttack.cases {
            var failures: [String] = []
            do {
                failures = try run(unwritable)
            } catch {
                failures = ["\(error)"]
            }
            row.trial(failures: failures.map { "\(unwritable.name): \($0)" })
        }
        row.finish()
    }

    private func run(_ unwritable: Case) throws -> [String] {
        let home = try TemporaryDirectory(prefix: "quire-nobody")
        defer { _ = try? ChildProcess.run("chmod", ["-R", "u+rwx", home.path], environment: ["PATH": "/usr/bin:/bin"], outputDirectory: NSTemporaryDirectory()); home.remove() }
        chmod(home.path, 0o755)
        try UnprivilegedAttack.makeOwned(home.file("home"))
        let data = home.file("data"), state = home.file("state")
        try unwritable.prepare(data, state)
        let snapshot = FileSnapshot(of: home.path)

        let session = try QuireSession(dataHome: data, stateHome: state, user: "nobody")
        try session.launch(environment: ["HOME": home.file("home")])
        guard eventually(within: 15, { !session.windowIDs().isEmpty }) else { return ["no window: \(session.messages.suffix(600))"] }
        Thread.sleep(forTimeInterval: 1.5)
        var failures: [String] = []
        if session.process?.isRunning != true { return ["quire stopped: \(session.messages.suffix(600))"] }
        let messages = session.messages
        if messages.contains("aside") && !messages.contains("untouched") {
            failures.append("the advice talks of moving files aside, which is for damage: \(messages.suffix(400))")
        }
        switch unwritable.outcome {
        case let .notesRefused(advice):
            if !messages.contains(advice) { failures.append("the advice does not say “\(advice)”: \(messages.suffix(500))") }
            if session.desktop.windowTitles(matching: "^Quire$").isEmpty { failures.append("no window says the notes cannot be opened") }
        case .windowsNotSaved:
            if !messages.contains("windows will not be saved") || !messages.contains("may write") {
                failures.append("nothing says windows are not saved, and why: \(messages.suffix(500))")
            }
            let window = try session.waitForWindow(matching: " — Quire$")
            try session.desktop.type("still saved", into: window)
            if !eventually(within: 5, { StressChecks.noteText(session).contains("still saved") }) {
                failures.append("the notes are not saved: \(session.messages.suffix(400))")
            }
        }
        session.keepScreenshot(named: "unwritable-\(unwritable.name.replacingOccurrences(of: " ", with: "-"))")
        if try session.stop() != 0 { failures.append("the quit was not clean") }
        // What the app was refused is as it was: the notes' files when it could not
        // open them (the window's own state may be saved), the windows' when it
        // could not save those (the notes, typed into, are saved).
        let refused: [String]
        switch unwritable.outcome {
        case .notesRefused: refused = ["home", "state"]
        case .windowsNotSaved: refused = ["home", "data"]
        }
        if let changed = snapshot.changes(in: home.path, ignoring: refused) {
            failures.append("files were changed: \(changed)")
        }
        return failures
    }
}
