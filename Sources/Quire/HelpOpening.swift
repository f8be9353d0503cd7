import GtkKit
import Scenes

/// Help (F1, the primary menu): Quire's user help in the desktop's help
/// viewer (Yelp). Without one, the window in front says what to install.
@MainActor
enum HelpOpening {
    static let actionName = "help"

    /// Adds `app.help`, on F1.
    static func install(on application: Application) {
        application.addAction(actionName, accelerators: ["F1"]) {
            DesktopLauncher.open(Resources.helpAddress) { failure in
                guard let failure else { return }
                Log.error("could not open the help: \(failure)")
                AppDelegate.frontNoteWindow(in: application)?.noteWindow.offer(Toast(
                    localized("No help viewer could open Quire's help. Install Yelp, GNOME's help viewer."),
                    seconds: 10, urgent: true))
            }
        }
    }
}
