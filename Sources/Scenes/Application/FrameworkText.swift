import GtkKit

/// The framework's own text (the Window menu's untitled window, its options'
/// help, its command-line errors), translated in its own gettext domain,
/// "scenes", so that it reads the same in every app on the framework. Its
/// catalogues are `Sources/Scenes/po/`; the app says where they are installed
/// (`Application.init(…, localeDirectory:)`).
enum FrameworkText {
    /// The framework's gettext domain.
    static let domain = "scenes"

    /// `message` in the person's language, each `%s` replaced in turn by one of `arguments`.
    static func localized(_ message: String, _ arguments: String...) -> String {
        GtkKit.localized(message, domain: domain, arguments: arguments)
    }
}
