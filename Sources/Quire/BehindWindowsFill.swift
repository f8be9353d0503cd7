import GtkKit
import Scenes

/// The windows a relaunch restored behind the one in front, waiting to be
/// filled in (`NoteWindowController.fillInNow`): once they are connected
/// and have drawn, at the next turn of the main loop with no frame due, the
/// nearest the front first, in one go unless the person presses something,
/// which the window in front then draws first (`PressYieldingWork`).
@MainActor
enum BehindWindowsFill {
    private static var work: PressYieldingWork?

    /// Fills `controller`'s window in soon, unless it was filled in before.
    static func add(_ controller: NoteWindowController) {
        let work = work ?? PressYieldingWork(newestFirst: true) { [weak application = controller.services.application] resume in
            guard let application, let front = AppDelegate.focusedScene(in: application) else { return false }
            return front.window.onNextFrame(requestingOne: true, resume)
        }
        self.work = work
        work.add { [weak controller] in controller?.fillInNow() }
        work.start()
    }
}
