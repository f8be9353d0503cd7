import CGtk

/// Opens addresses with the desktop's handler for their scheme: a web link in
/// the browser, `mailto:` in the mail app.
@MainActor
public enum DesktopLauncher {
    /// Opens `uri` without waiting for the handler; a failure is logged.
    public static func open(_ uri: String) {
        cgtk_open_uri(uri)
    }
}
