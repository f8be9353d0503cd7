@testable import NoteModel

/// A note document's time, moved by hand: nothing runs until `advance(by:)`
/// passes its moment. Every delay asked for is kept, in order.
@MainActor
final class ManualTimers: DocumentTimers {
    /// Milliseconds since the start.
    private(set) var now: UInt64 = 0
    /// Every delay `after` was asked for, in milliseconds, in order.
    private(set) var delaysAsked: [UInt32] = []
    private var pending: [Timer] = []

    final class Timer: DocumentTimer {
        let due: UInt64
        let order: Int
        var body: (@MainActor () -> Void)?
        init(due: UInt64, order: Int, body: @escaping @MainActor () -> Void) {
            self.due = due
            self.order = order
            self.body = body
        }
        func cancel() { body = nil }
    }

    /// The quiet-and-deadline debounce of `DocumentTimers`, on these timers.
    final class Debounce: DocumentDebounce {
        private unowned let timers: ManualTimers
        private let quiet: UInt32
        private let deadline: UInt32
        private let action: @MainActor () -> Void
        private var quietTimer: (any DocumentTimer)?
        private var deadlineTimer: (any DocumentTimer)?

        init(timers: ManualTimers, quiet: UInt32, deadline: UInt32, action: @escaping @MainActor () -> Void) {
            self.timers = timers
            self.quiet = quiet
            self.deadline = deadline
            self.action = action
        }

        func poke() {
            quietTimer?.cancel()
            quietTimer = timers.schedule(quiet) { [weak self] in self?.fire() }
            if deadlineTimer == nil { deadlineTimer = timers.schedule(deadline) { [weak self] in self?.fire() } }
        }

        func cancel() {
            quietTimer?.cancel()
            deadlineTimer?.cancel()
            quietTimer = nil
            deadlineTimer = nil
        }

        private func fire() {
            cancel()
            action()
        }
    }

    func after(milliseconds: UInt32, _ body: @escaping @MainActor () -> Void) -> any DocumentTimer {
        delaysAsked.append(milliseconds)
        return schedule(milliseconds, body)
    }

    func debounce(
        quietMilliseconds: UInt32, maximumDelayMilliseconds: UInt32, _ action: @escaping @MainActor () -> Void
    ) -> any DocumentDebounce {
        Debounce(timers: self, quiet: quietMilliseconds, deadline: maximumDelayMilliseconds, action: action)
    }

    fileprivate func schedule(_ milliseconds: UInt32, _ body: @escaping @MainActor () -> Void) -> Timer {
        let timer = Timer(due: now + UInt64(milliseconds), order: pending.count + Int(now), body: body)
        pending.append(timer)
        return timer
    }

    /// Moves time on by `milliseconds`, running what falls due on the way, in time order.
    func advance(by milliseconds: UInt64) {
        let end = now + milliseconds
        while let next = pending.filter({ $0.body != nil && $0.due <= end }).min(by: { ($0.due, $0.order) < ($1.due, $1.order) }) {
            now = next.due
            let body = next.body
            next.body = nil
            pending.removeAll { $0 === next || $0.body == nil }
            body?()
        }
        now = end
    }
}
