import GtkKit
import Scenes

/// The next main window, built ahead: once a window has drawn and the app
/// has nothing else to do (every restored window connected, the main loop
/// quiet), a main window's delegate builds its widgets in a hidden window,
/// on no note, at the size a new window opens at, and the next new main
/// window takes it (`AppDelegate.application(_:sceneDelegateFor:)`). Its
/// scene then only puts the note and the state in, and the window maps as
/// soon as it is asked for. One is built at a time; it stays out of every
/// window list until its scene connects, and goes when the app quits.
///
/// GTK sizes a window as it first lays it out, even hidden: a window built
/// ahead keeps the size it was built at. So one built for another size (a
/// window closed since, at another size) is thrown away, and a restored
/// window, which has its own size, never takes it.
@MainActor
final class MainWindowAhead {
    private var ready: (delegate: MainSceneDelegate, size: NoteWindowSize)?
    private var waiting: MainLoopSource?

    /// The delegate of the main window built ahead, if one is ready, for the
    /// new session `session` (it opens at the size the window was built at:
    /// `windowClosed` keeps that so); after it, none is ready until the next
    /// is built.
    func take(for session: SceneSession) -> MainSceneDelegate? {
        guard let ready, session.stateRestorationActivity == nil else { return nil }
        self.ready = nil
        DiagnosticTrace.windows.write("taken (built ahead at \(ready.size))")
        return ready.delegate
    }

    /// A window closed, the only change to the size new windows open at: if
    /// they now open at another size, the one built ahead goes, and another
    /// is built at that size.
    func windowClosed(services: any NoteWindowServices) {
        guard let ready, ready.size != NoteWindowSize.forNewWindow(after: services.lastWindow) else { return }
        self.ready = nil
        ready.delegate.noteWindow.discardBuiltAhead()
        DiagnosticTrace.windows.write("thrown away (built ahead at \(ready.size))")
        buildWhenQuiet(services: services)
    }

    /// Builds the next main window for `services` once the main loop is quiet,
    /// unless one is ready or waiting to be built. A launch still restoring
    /// windows builds none: the last restored window to draw asks again.
    func buildWhenQuiet(services: any NoteWindowServices) {
        guard ready == nil, waiting == nil else { return }
        waiting = MainLoop.whenQuiet { [weak self, weak services] in
            self?.waiting = nil
            if let self, let services { build(services: services) }
            return false
        }
    }

    private func build(services: any NoteWindowServices) {
        guard ready == nil, let application = services.application,
              application.openSessions.allSatisfy({ $0.scene != nil })
        else { return }
        let delegate = MainSceneDelegate(services: services)
        let size = NoteWindowSize.forNewWindow(after: services.lastWindow)
        let window = application.makeWindow()
        size.apply(to: window)
        delegate.noteWindow.buildAhead(in: window)
        guard delegate.noteWindow.windowBuiltAhead != nil else { return }
        ready = (delegate, size)
        DiagnosticTrace.windows.write("built ahead at \(size)")
    }
}
