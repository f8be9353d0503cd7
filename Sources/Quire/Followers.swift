/// Who follows something (the preferences, spell checking, sync's status),
/// each held weakly with what to tell it. Followers whose owner is gone are
/// dropped before each telling, and when adding one finds the list doubled
/// since it was last pruned: adding costs the same with 1 window open as
/// with 100 (pruning on every add read every follower, each a weak load,
/// per window restored).
@MainActor
final class Followers<Message> {
    private struct Follower {
        weak var owner: AnyObject?
        let handler: @MainActor (Message) -> Void
    }

    private var list: [Follower] = []
    /// How many there were after the last pruning.
    private var countAfterPruning = 0

    /// Tells `handler` each message from now on, for as long as `owner` lives.
    func add(_ owner: AnyObject, _ handler: @escaping @MainActor (Message) -> Void) {
        if list.count >= 2 * max(countAfterPruning, 8) { prune() }
        list.append(Follower(owner: owner, handler: handler))
    }

    /// Tells every follower whose owner lives `message`, in the order they came.
    func tell(_ message: Message) {
        prune()
        for follower in list { follower.handler(message) }
    }

    private func prune() {
        list.removeAll { $0.owner == nil }
        countAfterPruning = list.count
    }
}
