import Foundation
import Testing
import TestSupport

/// The power cut at a random moment while a person works: Quire is killed
/// and each of its files is rewritten as the disk would hold it (everything
/// up to the file's last sync, and a random part of what followed, as
/// `PowerCut` records it). Both databases open and pass their integrity
/// check, every word idle for over a second is in a note once the next
/// launch has replayed the typing journals, and every window open for over a
/// second comes back.
@Suite("Stress: the power cut at random moments", .serialized)
struct PowerCutAttack {
    @Test("a power cut at a random moment of a scripted session loses no word idle for a second and no window")
    func randomPowerCuts() throws {
        var attack = WorkInterrupted(attack: "power cut at a random moment of a scripted session")
        let home = try TemporaryDirectory(prefix: "quire-power")
        defer { home.remove() }
        let power = try PowerCut(root: home.path)
        let session = try QuireSession(windowManager: true, dataHome: home.file("data"), stateHome: home.file("state"))
        attack.grace = 1_000
        attack.strikesAfterWordInTitle = false
        attack.keepsJournaledWords = false
        attack.launchEnvironment = power.environment
        attack.beforeLaunch = { try power.arm() }
        try attack.run(trials: StressPlan.trials(full: 300, short: 20), session: { _ in session }) { session, generator in
            session.process?.send(SIGKILL)
            _ = session.process?.waitForExit(seconds: 10)
            do {
                _ = try power.cut(using: &generator)
                return []
            } catch {
                return ["could not cut the power: \(error)"]
            }
        }
    }
}
