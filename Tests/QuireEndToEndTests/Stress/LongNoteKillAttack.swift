import Foundation
import NoteModel
import Testing
import TestSupport

/// SIGKILL at a random moment while a person works on a note long enough
/// (2.4 MB) for its reading, its saves and its moves to and from the trash
/// to run on the background saver: the note keeps all of its text, both
/// databases stay intact, and the app launches again onto what the kill
/// left, with every word whose keys had gone into the typing journal and
/// every word typed over a second before the kill (a save of the long note
/// can take longer than a second on a busy machine: the journal, replayed by
/// that launch, is what keeps its words).
@Suite("Stress: SIGKILL around a long note", .serialized)
struct LongNoteKillAttack {
    /// The long note: numbered lines, so that any part lost or damaged shows.
    static let body = "A long note\n" + (1...60_000).map { String(format: "line %05d of the long note, kept whole", $0) }
        .joined(separator: "\n")

    @Test("SIGKILL while a 2.4 MB note is read, typed into, moved to the trash and back loses none of it")
    func randomKillsAroundALongNote() throws {
        let seed = StressPlan.seed()
        var generator = SeededGenerator(seed: seed)
        var row = StressRow(
            attack: "SIGKILL at a random moment around a 2.4 MB note (read, saved and trashed in the background)", seed: seed)
        let session = try QuireSession(windowManager: true)
        // The notes as they start each trial: the long note alone, no saved windows.
        let pristine = session.desktop.directory.file("pristine-data")
        _ = try NoteStore(path: "\(pristine)/io.github.quire.Quire/notes.sqlite").importNotes([(body: Self.body, modifiedAt: Date())])
        for _ in 0..<StressPlan.trials(full: 60, short: 5) {
            let files = FileManager.default
            try? files.removeItem(atPath: session.dataHome)
            try? files.removeItem(atPath: session.stateHome)
            try files.copyItem(atPath: pristine, toPath: session.dataHome)
            try session.launch(environment: ["QUIRE_TRACE_DOCUMENTS": "1"])
            guard eventually(within: 15, { !session.windowIDs().isEmpty }) else {
                row.trial(failures: ["no window after launch: \(session.messages.suffix(500))"])
                session.process?.send(SIGKILL)
                _ = session.process?.waitForExit(seconds: 10)
                continue
            }
            let user = try ScriptedUser(session: session, seed: generator.next(), mix: .noSearch)
            user.act(forMilliseconds: Double.random(in: 300...6_000, using: &generator))
            var failures: [String] = []
            let quitNormally = session.process?.exitStatus == 0
                && session.trace.contains { $0.callback == "applicationWillTerminate(_:)" }
            if session.process?.isRunning != true && !quitNormally {
                failures.append("quire stopped by itself (\(session.process?.exitStatus ?? -1)): \(StressChecks.crashReport(session.messages))")
            }
            let killedAt = user.now
            session.process?.send(SIGKILL)
            _ = session.process?.waitForExit(seconds: 10)
            failures += StressChecks.databaseProblems(session)
            // Typing goes at the note's end (Ctrl+End), so its text is all still there, in one piece.
            if !StressChecks.noteText(session).contains(Self.body) {
                failures.append("the long note is no longer whole, killed at \(Int(killedAt)) ms after \(user.log.suffix(30))")
            }
            let documents = StressChecks.documentEvents(session.messages, scenes: true).suffix(60)
            let journaled = user.journaledWords(in: session.messages)
            let lastJournaled = StressChecks.journaledText(session.messages).suffix(60)
            // The app opens what the kill left, having replayed the typing journal first.
            try session.launch()
            if !eventually(within: 15, { !session.windowIDs().isEmpty }) {
                failures.append("no window after relaunching: \(session.messages.suffix(500))")
            }
            let lost = StressChecks.lostWords(user.words, before: killedAt - 1_000, journaled: journaled, session: session)
            if !lost.isEmpty {
                failures.append("words not in any note after the next launch: \(lost.prefix(5)) (journaled: \(lost.filter(journaled.contains).prefix(5))), killed at \(Int(killedAt)) ms after "
                    + "\(user.log.suffix(30)); the documents did: \(documents); the last text journaled: "
                    + "\(lastJournaled); the next launch said: "
                    + "\(StressChecks.journalMessages(session))")
            }
            if session.process?.isRunning == true, try session.stop() != 0 {
                failures.append("the relaunched app did not quit cleanly: \(session.messages.suffix(500))")
            }
            row.trial(failures: failures, wordsLost: lost.count)
        }
        row.finish()
    }
}
