import Foundation
import NoteModel
import Testing
import TestSupport

/// Import and export under attack: `quire --export` and `quire --import`
/// killed at a random moment, and an import while another program holds the
/// notes' write lock. An export never leaves a half-written file, and the
/// next one cleans up after it; an import is all or nothing, and the next one
/// finishes the job without duplicates.
@Suite("Stress: import and export", .serialized)
struct TransferAttack {
    /// Notes big enough that writing them all takes a while.
    private static let noteCount = 300
    private static func body(_ index: Int) -> String {
        "Note \(index)\n" + String(repeating: "word\(index) ", count: 4_000)
    }

    @Test("quire --export killed at a random moment: every file there is whole, and the next export completes")
    func killedExport() {
        // The whole export takes about 250 ms here.
        killAtRandom("quire --export killed at a random moment, then run again", withinMilliseconds: 400, exportKilled)
    }

    @Test("quire --import killed at a random moment: all or none, and the next import completes without duplicates")
    func killedImport() {
        // The whole import takes about 700 ms here.
        killAtRandom("quire --import killed at a random moment, then run again", withinMilliseconds: 700, importKilled)
    }

    @Test("quire --import while another program holds the write lock: it says so, imports nothing, and works once the lock goes")
    func importUnderHeldLock() throws {
        let session = try QuireSession()
        let file = session.desktop.directory.file("held.md")
        try Data("Imported under a lock".utf8).write(to: URL(fileURLWithPath: file))
        _ = try NoteStore(path: session.notesPath)  // the file exists, for the holder to lock
        let lock = try session.holdNotesLock()
        try #require(lock.taken, "the lock was taken")
        let locked = try session.runSecond(["--import", file])
        #expect(locked.status == 1)
        #expect(locked.error.contains("Nothing was imported:"), "it says why: \(locked.error)")
        #expect(try session.storedNotes().isEmpty)
        #expect(lock.release() == 0)
        let free = try session.runSecond(["--import", file])
        #expect(free.status == 0 && free.output == "Imported 1 note\n")
    }

    // MARK: Trials

    /// Runs `trial` with a kill moment drawn below `limit`, as many times as the plan says, into one row.
    private func killAtRandom(_ attack: String, withinMilliseconds limit: UInt64, _ trial: (Int) throws -> [String]) {
        StressRow.run(attack, trials: StressPlan.trials(full: 10, short: 2)) { try trial(Int($0.next() % limit)) }
    }

    /// Runs `quire` with `arguments` on the session's folders and kills it after `milliseconds`.
    private func runQuire(_ arguments: [String], in session: QuireSession, killedAfter milliseconds: Int) throws {
        let command = try ChildProcess(
            BuiltProducts.executable("quire"), arguments, environment: session.environment(),
            outputDirectory: session.desktop.directory.path)
        Thread.sleep(forTimeInterval: Double(milliseconds) / 1_000)
        command.send(SIGKILL)
        _ = command.waitForExit(seconds: 10)
    }

    private func exportKilled(after milliseconds: Int) throws -> [String] {
        let session = try QuireSession()
        try NoteStore(path: session.notesPath).importNotes((0..<Self.noteCount).map { (Self.body($0), Date()) })
        let folder = session.desktop.directory.file("exported")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try runQuire(["--export", folder], in: session, killedAfter: milliseconds)
        var failures: [String] = []
        let bodies = Set((0..<Self.noteCount).map(Self.body))
        for name in try FileManager.default.contentsOfDirectory(atPath: folder) where !name.hasPrefix(".") {
            let text = FileManager.default.contents(atPath: folder + "/" + name).flatMap { String(data: $0, encoding: .utf8) }
            if !bodies.contains(text ?? "") { failures.append("lost: \(name) is not a whole note (killed after \(milliseconds) ms)") }
        }
        let again = try session.runSecond(["--export", folder])
        if again.status != 0 { failures.append("the export after the kill failed: \(again.error)") }
        let names = try FileManager.default.contentsOfDirectory(atPath: folder)
        if names.count != Self.noteCount { failures.append("lost: \(names.count) files after the second export, not \(Self.noteCount): \(names.filter { $0.hasPrefix(".") }.prefix(3))") }
        return failures
    }

    private func importKilled(after milliseconds: Int) throws -> [String] {
        let session = try QuireSession()
        let folder = session.desktop.directory.file("to-import")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for index in 0..<Self.noteCount {
            try Data(Self.body(index).utf8).write(to: URL(fileURLWithPath: "\(folder)/note \(index).md"))
        }
        try runQuire(["--import", folder], in: session, killedAfter: milliseconds)
        var failures: [String] = []
        let problems = DatabaseCheck.problems(
            in: session.notesPath, extra: DatabaseCheck.notesIndexMatches, directory: session.desktop.directory.path)
        if !problems.isEmpty { failures.append("damaged after the kill: \(problems)") }
        let afterKill = (try? session.storedNotes().count) ?? 0
        if afterKill != 0 && afterKill != Self.noteCount {
            failures.append("\(afterKill) of \(Self.noteCount) notes after a kill at \(milliseconds) ms: not one transaction")
        }
        let again = try session.runSecond(["--import", folder])
        if again.status != 0 { failures.append("the import after the kill failed: \(again.error)") }
        let stored = try session.storedNotes()
        if stored.count != Self.noteCount { failures.append("lost or doubled: \(stored.count) notes, not \(Self.noteCount)") }
        return failures
    }
}
