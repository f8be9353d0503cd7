/// A registered observer of a note store; it stops observing when released.
public final class NoteObservation {
    private let cancel: () -> Void

    init(cancel: @escaping () -> Void) { self.cancel = cancel }

    deinit { cancel() }
}
