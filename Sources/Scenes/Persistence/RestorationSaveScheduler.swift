import GtkKit

/// Throttles restoration-activity saves to one write a second per session:
/// the first request saves at once, later ones within the second are folded
/// into one save when the second is up.
@MainActor
final class RestorationSaveScheduler {
    private var lastSave: [String: Int64] = [:]
    private var pending: [String: MainLoopSource] = [:]

    /// Saves now or schedules one save for when the session's second is up.
    func request(for identifier: String, save: @escaping @MainActor () -> Void) {
        guard pending[identifier] == nil else { return }
        let elapsed = MainLoop.monotonicMicroseconds - (lastSave[identifier] ?? Int64.min / 2)
        if elapsed >= 1_000_000 {
            lastSave[identifier] = MainLoop.monotonicMicroseconds
            save()
        } else {
            let wait = UInt32((1_000_000 - elapsed) / 1_000) + 1
            pending[identifier] = MainLoop.after(milliseconds: wait) { [weak self] in
                self?.fire(identifier, save: save)
            }
        }
    }

    private func fire(_ identifier: String, save: @MainActor () -> Void) {
        pending[identifier] = nil
        lastSave[identifier] = MainLoop.monotonicMicroseconds
        save()
    }

    /// Notes that the session was just saved by other means (background, quit):
    /// a pending save is dropped and the next waits a second from now.
    func didSave(_ identifier: String) {
        pending.removeValue(forKey: identifier)?.cancel()
        lastSave[identifier] = MainLoop.monotonicMicroseconds
    }

    /// Forgets a session that is gone.
    func forget(_ identifier: String) {
        pending.removeValue(forKey: identifier)?.cancel()
        lastSave[identifier] = nil
    }
}
