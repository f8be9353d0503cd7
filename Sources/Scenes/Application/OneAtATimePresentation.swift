import GtkKit

/// Restored windows shown back to front, one at a time: each once the one
/// before it has drawn its first frame (or after `patience`, should that
/// never come). On Wayland the compositor stacks each window on top as it
/// first shows it, and the app cannot restack them; windows presented in one
/// go reached it front first, and came back in reverse order. One at a time,
/// the front window is shown last: on top, and focused.
@MainActor
final class OneAtATimePresentation {
    /// How long the next window waits for the one before it to draw, in milliseconds.
    static let patience: UInt32 = 1_000

    private var waiting: [String]
    private let present: @MainActor (String) -> Bool
    /// The session shown last, whose first frame shows the next.
    private var shown: String?
    private var generation = 0

    /// A presentation of the sessions `identifiers`, back to front; `present`
    /// shows one's window (false if it has none any more).
    init(_ identifiers: [String], present: @escaping @MainActor (String) -> Bool) {
        waiting = identifiers
        self.present = present
    }

    /// Shows the backmost window.
    func start() { showNext() }

    /// The session `identifier`'s window drew its first frame.
    func drewFirstFrame(_ identifier: String) {
        if identifier == shown { showNext() }
    }

    private func showNext() {
        guard !waiting.isEmpty else {
            shown = nil
            return
        }
        let identifier = waiting.removeFirst()
        shown = identifier
        generation += 1
        let mine = generation
        guard present(identifier) else { return showNext() }
        MainLoop.after(milliseconds: OneAtATimePresentation.patience) { [weak self] in
            if let self, self.generation == mine, self.shown == identifier { self.showNext() }
        }
    }
}
