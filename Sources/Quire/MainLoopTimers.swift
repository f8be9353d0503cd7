import GtkKit
import NoteModel

/// A note document's time on the GLib main loop: its autosave's debounce is
/// GtkKit's `Debouncer`, its retries `MainLoop.after`.
@MainActor
final class MainLoopTimers: DocumentTimers {
    /// The one every document shares.
    static let shared = MainLoopTimers()

    func after(milliseconds: UInt32, _ body: @escaping @MainActor () -> Void) -> any DocumentTimer {
        Timer(source: MainLoop.after(milliseconds: milliseconds, body))
    }

    func debounce(
        quietMilliseconds: UInt32, maximumDelayMilliseconds: UInt32, _ action: @escaping @MainActor () -> Void
    ) -> any DocumentDebounce {
        Debounce(debouncer: Debouncer(quietMilliseconds: quietMilliseconds, maximumDelayMilliseconds: maximumDelayMilliseconds, action: action))
    }

    private final class Timer: DocumentTimer {
        let source: MainLoopSource
        init(source: MainLoopSource) { self.source = source }
        func cancel() { source.cancel() }
    }

    private final class Debounce: DocumentDebounce {
        let debouncer: Debouncer
        init(debouncer: Debouncer) { self.debouncer = debouncer }
        func poke() { debouncer.poke() }
        func cancel() { debouncer.cancel() }
    }
}
