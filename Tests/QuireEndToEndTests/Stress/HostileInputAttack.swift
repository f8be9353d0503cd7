import Foundation
import NoteModel
@testable import Scenes
import Storage
import Testing
import TestSupport

/// Fuzzed input from outside: URIs handed to the running app (45 %), session
/// rows and restoration activities in the session store (50 %), and manifests
/// (5 %, each a launch of its own). Each input gets a clear message or is
/// used; none crashes Quire or loses a note.
@Suite("Stress: hostile input", .serialized)
struct HostileInputAttack {
    @Test("fuzzed URIs, restoration activities, session rows and manifests never crash Quire")
    func fuzz() throws {
        let seed = StressPlan.seed()
        var input = HostileInput(generator: SeededGenerator(seed: seed))
        var row = StressRow(attack: "hostile URIs, restoration activities, session rows and manifests (fuzzed)", seed: seed)
        let total = StressPlan.trials(full: 10_000, short: 500)
        let session = try QuireSession()
        let store = try NoteStore(path: session.notesPath)
        let notes = try (0..<3).map { try store.createNote(body: "Hostile test note \($0)").id }
        store.close()

        // URIs, fifty at a time, to the running app.
        try session.launch()
        _ = try session.waitForWindow(matching: "Quire$")
        var uris = 0
        while uris < total * 45 / 100 {
            let batch = (0..<50).map { _ in input.uri(notes: notes) }
            let result = try session.runSecond(batch)
            var failures: [String] = []
            if result.status == nil || (result.status ?? 0) > 1 { failures.append("quire \(batch.first?.prefix(60) ?? "") … ended with \(String(describing: result.status))") }
            if session.process?.isRunning != true { failures.append("the running app stopped: \(session.messages.suffix(600))") }
            for _ in batch { row.trial(failures: failures) }
            uris += batch.count
            if session.process?.isRunning != true { try session.launch() }
            // Valid links open windows; keep their number sensible.
            if session.windowIDs().count > 12 { _ = try session.stop(); try session.launch() }
        }
        #expect(try session.stop() == 0)

        // Session rows, twenty-five a launch.
        var rows = 0
        while rows < total / 2 {
            try write((0..<25).map { _ in input.sessionRow(notes: notes) }, to: session.scenesPath)
            try session.launch()
            var failures: [String] = []
            if !eventually(within: 20, { !session.windowIDs().isEmpty || session.process?.isRunning != true }) {
                failures.append("no window: \(session.messages.suffix(600))")
            }
            Thread.sleep(forTimeInterval: 2.5)
            if session.process?.isRunning != true {
                failures.append("quire stopped (\(session.process?.exitStatus ?? -1)): \(StressChecks.crashReport(session.messages))")
            } else if try session.stop() != 0 {
                failures.append("the quit was not clean")
            }
            for _ in 0..<25 { row.trial(failures: failures) }
            rows += 25
        }

        // Manifests.
        let good = try String(contentsOfFile: BuiltProducts.sourceRoot + "/Resources/Info.plist", encoding: .utf8)
        let resources = session.desktop.directory.file("resources")
        try FileManager.default.createDirectory(atPath: resources, withIntermediateDirectories: true)
        try? FileManager.default.copyItem(atPath: BuiltProducts.sourceRoot + "/Resources/shortcuts.ui", toPath: resources + "/shortcuts.ui")
        var manifests = 0
        while manifests < total / 20 {
            let manifest = input.manifest(from: good)
            try manifest.write(toFile: resources + "/Info.plist", atomically: true, encoding: .utf8)
            let child = try session.launch(environment: ["QUIRE_RESOURCE_DIR": resources])
            var failures: [String] = []
            if let status = child.waitForExit(seconds: 1.5) {
                if status != 1 || !child.standardError.contains("cannot start") {
                    failures.append("a bad manifest ended with \(status) and \(child.standardError.suffix(300))")
                }
            } else if try session.stop() != 0 {
                failures.append("a usable manifest's app did not quit cleanly")
            }
            row.trial(failures: failures)
            manifests += 1
        }
        #expect(try NoteStore(path: session.notesPath).allNotes().count >= 3, "no note was lost")
        row.finish()
    }

    /// Replaces every saved session with `rows` (SQL literals), as a damaged or
    /// forged store would hold them.
    private func write(_ rows: [[String]], to path: String) throws {
        let store = try SessionStore(path: path)
        store.close()
        let database = try Database(path: path, schema: SessionStore.schema)
        try database.execute("DELETE FROM sessions")
        for values in rows {
            // The values are SQL literals the fuzzer made, so that columns get wrong types;
            // a value that SQLite rejects (a clashing id) is skipped.
            try? database.execute("""
                INSERT INTO sessions (id, role, configuration, user_info, activation_conditions, restoration_activity,
                    stacking, ended_cleanly, restore_phase, restore_launch, failed_restorations)
                VALUES (\(values.joined(separator: ", ")))
                """)
        }
        database.close()
    }
}
