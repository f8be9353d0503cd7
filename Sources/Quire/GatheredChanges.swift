import GtkKit
import NoteModel

/// Changes to the notes heard of one at a time and handed on together: all
/// those heard of before the main loop is next idle, in the order heard.
/// Another connection's changes come in batches (once a second, a sync's
/// hundreds at a time), and a list that placed each one on its own did the
/// work of a whole batch for every note in it.
@MainActor
final class GatheredChanges {
    private var changes: [NoteChange] = []
    private var handOver: MainLoopSource?
    private let follow: @MainActor ([NoteChange]) -> Void

    /// Gathers changes for `follow`, which gets each batch once.
    init(follow: @escaping @MainActor ([NoteChange]) -> Void) {
        self.follow = follow
    }

    isolated deinit {
        handOver?.cancel()
    }

    /// Adds `change` to the batch handed on at the next idle moment.
    func add(_ change: NoteChange) {
        changes.append(change)
        guard handOver == nil else { return }
        handOver = MainLoop.idle { [weak self] in
            self?.flush()
            return false
        }
    }

    /// Hands on what was gathered now, if anything was (before a change that
    /// must be followed at once, so changes are followed in the order heard).
    func flush() {
        handOver?.cancel()
        handOver = nil
        guard !changes.isEmpty else { return }
        let batch = changes
        changes = []
        follow(batch)
    }
}
