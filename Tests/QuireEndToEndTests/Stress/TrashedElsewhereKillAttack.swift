import Foundation
import Synchronization
import Testing
import TestSupport

/// Another program (a sync) moves the note being typed in to the trash,
/// again and again, while a person works, and Quire is killed at a random
/// moment: every word whose keys had gone into the typing journal, and every
/// word typed over a second before the kill, is in a note (the
/// words typed on into a note trashed elsewhere become a new note), the
/// databases are intact, and every window open for over a second comes back.
@Suite("Stress: SIGKILL while notes are trashed elsewhere", .serialized)
struct TrashedElsewhereKillAttack {
    @Test("SIGKILL at a random moment while another program trashes the note being typed in loses no word and no window")
    func killedWhileTrashedElsewhere() throws {
        var attack = WorkInterrupted(attack: "SIGKILL at a random moment while another program trashes the note typed in")
        let trashed = Mutex(0)
        attack.whileWorking = { session, seed in
            let trasher = ElsewhereTrasher(notesPath: session.notesPath, seed: seed)
            return { trashed.withLock { $0 += trasher.stop() } }
        }
        let session = try QuireSession(windowManager: true)
        var keptAsNew = 0
        try attack.run(trials: StressPlan.trials(full: 60, short: 3), session: { _ in session }) { session, _ in
            keptAsNew += session.messages.components(separatedBy: "while text was unsaved; the text was kept as note").count - 1
            session.process?.send(SIGKILL)
            _ = session.process?.waitForExit(seconds: 10)
            return []
        }
        #expect(trashed.withLock { $0 } > 0, "the other program trashed notes being typed in")
        print("stress: the other program trashed \(trashed.withLock { $0 }) notes; Quire kept typing as a new note \(keptAsNew) times")
    }
}
