import Foundation
import Testing
import TestSupport

/// The display server dies at a random moment while a person works (a
/// compositor crash, a logout in the wrong order): Quire ends with it, and
/// the next launch, on a new display, has every word whose keys had gone
/// into the typing journal, every word typed over a second before, and
/// every window open for over a second.
@Suite("Stress: the display lost at random moments", .serialized)
struct DisplayLossAttack {
    @Test("the display lost at a random moment of a scripted session loses no word and no window")
    func randomDisplayLoss() throws {
        var attack = WorkInterrupted(attack: "display lost at a random moment of a scripted session")
        let home = try TemporaryDirectory(prefix: "quire-display-loss")
        defer { home.remove() }
        // A new desktop for every launch, on the same data: the last one's display is gone.
        try attack.run(trials: StressPlan.trials(full: 100, short: 6), session: { _ in
            try QuireSession(windowManager: true, dataHome: home.file("data"), stateHome: home.file("state"))
        }) { session, _ in
            session.desktop.loseDisplay()
            guard session.process?.waitForExit(seconds: 10) != nil else {
                session.process?.send(SIGKILL)
                _ = session.process?.waitForExit(seconds: 10)
                return ["Quire outlived its display by 10 s"]
            }
            return []
        }
    }
}
