import CGtk
import Glibc

/// GTK's own theme, which an app on libadwaita never shows, left unread.
///
/// GTK reads a theme's style sheet as it makes a display's settings, and
/// libadwaita's startup makes them (its icon theme asks for them) before it
/// names its own empty theme in place of GTK's, whose rules its style sheet
/// replaces. So every libadwaita app parses GTK's theme and throws it away:
/// a fifth of the main thread's work to a window's first frame.
@MainActor
public enum GTKThemeSkipping {
    /// `GTK_THEME`, set here and still to be taken out.
    private static var emptyTheme: StartupVariable?

    /// Has the display's settings made at the application's registration,
    /// ahead of libadwaita's startup, under libadwaita's empty theme, named in
    /// `GTK_THEME` until then. Nothing if `GTK_THEME` is set already: the
    /// person's choice, which GTK reads and libadwaita honours. Call it first
    /// in `main`, before any thread starts, as it sets the environment;
    /// `applicationRegistered` takes it out before libadwaita starts, which
    /// would not load its own style sheet under it, and before any program
    /// the app starts could inherit it.
    public static func skipAtStartup() {
        emptyTheme = StartupVariable.set("GTK_THEME", to: "Adwaita-empty")
    }

    /// The application registered with the session (GApplication's
    /// "is-registered", which comes before its "startup"): as the primary
    /// instance, the settings are made now; the environment as it was. With
    /// no display to open, the process stops here as GTK's own start would.
    static func applicationRegistered(_ application: UnsafeMutableRawPointer) {
        guard let emptyTheme else { return }
        self.emptyTheme = nil
        if cgtk_application_is_primary(application) != 0, cgtk_display_settings_make() == 0 { cgtk_stop_without_display() }
        emptyTheme.remove()
    }
}
