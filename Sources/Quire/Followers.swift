import GtkKit

/// Who follows something (the preferences, spell checking, sync's status),
/// each held weakly with what to tell it. Followers whose owner is gone are
/// dropped before each telling, and as the list grows (`WeakList`).
@MainActor
final class Followers<Message> {
    private struct Follower {
        weak var owner: AnyObject?
        let handler: @MainActor (Message) -> Void
    }

    private var list = WeakList<Follower> { $0.owner == nil }

    /// Tells `handler` each message from now on, for as long as `owner` lives.
    func add(_ owner: AnyObject, _ handler: @escaping @MainActor (Message) -> Void) {
        list.append(Follower(owner: owner, handler: handler))
    }

    /// Tells every follower whose owner lives `message`, in the order they came.
    func tell(_ message: Message) {
        list.dropReleased()
        for follower in list.entries { follower.handler(message) }
    }
}
