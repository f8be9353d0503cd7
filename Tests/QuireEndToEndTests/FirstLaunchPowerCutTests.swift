import Foundation
import NoteModel
import Testing
import TestSupport

/// The power cut while a first launch makes the notes file: the file is made
/// beside its name and named once whole and synced (`NewDatabaseFile`), so
/// whatever the moment, the next launch finds no notes file or a whole one,
/// opens it without a word of damage, and clears what the cut left beside it.
@Suite("A power cut while the notes file is first made", .serialized)
struct FirstLaunchPowerCutTests {
    @Test("a power cut at any moment of a first launch leaves no notes file or a whole one, and nothing beside it once opened")
    func powerCutWhileMaking() throws {
        let home = try TemporaryDirectory(prefix: "quire-first-power")
        defer { home.remove() }
        let power = try PowerCut(root: home.path)
        var generator = SystemRandomNumberGenerator()
        // A whole first launch (the headless export, which opens the notes and needs no
        // display), timed: the cuts fall anywhere in that time.
        let whole = try launch(in: home, trial: 0, power: power)
        let started = Date()
        #expect(whole.waitForExit(seconds: 60) != nil, "the first launch ended")
        let duration = Date().timeIntervalSince(started)
        try expectOpens(in: home, trial: 0, made: true, note: "after a whole launch")
        var found = (whole: 0, none: 0)
        for trial in 1...12 {
            let process = try launch(in: home, trial: trial, power: power)
            let delay = Double.random(in: 0...duration, using: &generator)
            usleep(useconds_t(delay * 1_000_000))
            process.send(SIGKILL)
            _ = process.waitForExit(seconds: 10)
            let kept = try power.cut(using: &generator)
            let made = FileManager.default.fileExists(atPath: notesPath(in: home, trial: trial))
            if made { found.whole += 1 } else { found.none += 1 }
            try expectOpens(in: home, trial: trial, made: nil, note: "cut \(Int(delay * 1_000)) ms in, keeping \(kept)")
        }
        // Not an expectation: which moments the cuts met depends on the machine.
        print("power cuts of a first launch: \(found.whole) left the whole file, \(found.none) none")
    }

    @Test("the power cut's own record: a rename the program made as it was killed, before it could record it, stays done, and the file is not made again under its old name")
    func renameNotYetRecorded() throws {
        let home = try TemporaryDirectory(prefix: "quire-first-power")
        defer { home.remove() }
        let power = try PowerCut(root: home.path)
        try power.arm()
        let making = home.file("notes.sqlite.making"), made = home.file("notes.sqlite")
        let writer = try ChildProcess.run(
            "dd", ["if=/dev/zero", "of=\(making)", "bs=5", "count=1", "conv=fsync"],
            environment: ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"].merging(power.environment) { _, new in new },
            outputDirectory: home.path)
        try #require(writer.status == 0, "dd wrote and synced the file: \(writer.error)")
        // The rename the program made, its record lost with it (done here, where nothing records it).
        try FileManager.default.moveItem(atPath: making, toPath: made)
        var generator = SystemRandomNumberGenerator()
        _ = try power.cut(using: &generator)
        #expect(!FileManager.default.fileExists(atPath: making), "not made again under the name it had")
        #expect(FileManager.default.contents(atPath: made) == Data(count: 5), "the file under its new name, as synced")
    }

    private func notesPath(in home: TemporaryDirectory, trial: Int) -> String {
        home.file("data-\(trial)/io.github.quire.Quire/\(NoteStore.fileName)")
    }

    /// Starts a first launch for `trial`: `quire --export` with no display and
    /// no session bus, on a data folder of its own, its writes recorded by `power`.
    private func launch(in home: TemporaryDirectory, trial: Int, power: PowerCut) throws -> ChildProcess {
        try power.arm()
        let out = home.file("exported-\(trial)")
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        let environment = [
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "HOME": home.path, "LANG": "C.UTF-8",
            "XDG_DATA_HOME": home.file("data-\(trial)"), "XDG_STATE_HOME": home.file("state-\(trial)"),
            "XDG_CONFIG_HOME": home.file("config-\(trial)"), "XDG_CACHE_HOME": home.file("cache-\(trial)"),
        ].merging(power.environment) { _, new in new }
        return try ChildProcess(BuiltProducts.executable("quire"), ["--export", out], environment: environment, outputDirectory: home.path)
    }

    /// Opens the notes of `trial` as the next launch would: no error, no damage
    /// noticed, the file there if `made` says so, nothing left beside it.
    private func expectOpens(in home: TemporaryDirectory, trial: Int, made: Bool?, note: String) throws {
        let path = notesPath(in: home, trial: trial)
        if let made { #expect(FileManager.default.fileExists(atPath: path) == made, "\(note)") }
        do {
            let store = try NoteStore(path: path)
            #expect(store.openingNotices.isEmpty, "\(note): \(store.openingNotices)")
            #expect(try store.noteIDs().isEmpty, "\(note)")
            store.close()
        } catch {
            Issue.record("\(note): the next launch could not open the notes: \(error)")
        }
        let folder = (path as NSString).deletingLastPathComponent
        let beside = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.contains(".making") }
        #expect(beside.isEmpty, "\(note): left beside the notes: \(beside)")
    }
}
