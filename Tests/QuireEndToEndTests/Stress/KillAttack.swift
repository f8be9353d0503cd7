import Foundation
import Testing
import TestSupport

/// SIGKILL at a random moment while a person works: both databases stay
/// intact, every word whose keys had gone into the typing journal however
/// close to the kill (half the time one known to have reached Quire the very
/// moment before), and every word typed over a second before, is in a note
/// once the next launch has replayed the journals, and every window open for
/// over a second comes back.
@Suite("Stress: SIGKILL at random moments", .serialized)
struct KillAttack {
    @Test("SIGKILL at a random moment of a scripted session loses no word and no window")
    func randomKills() throws {
        var attack = WorkInterrupted(attack: "SIGKILL at a random moment of a scripted session")
        let session = try QuireSession(windowManager: true)
        try attack.run(trials: StressPlan.trials(full: 300, short: 20), session: { _ in session }) { session, _ in
            session.process?.send(SIGKILL)
            _ = session.process?.waitForExit(seconds: 10)
            return []
        }
    }
}
