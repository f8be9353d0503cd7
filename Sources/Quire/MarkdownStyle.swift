import GtkKit
import GtkSourceKit

/// How note text looks while it is typed: Markdown styled by Quire's own
/// language definition (`Resources/language-specs`) in Quire's light or dark
/// style scheme (`Resources/styles`), following the windows' style. The text
/// itself stays exactly what was typed.
@MainActor
enum MarkdownStyle {
    /// The styling every editor shares; nil (plain text) if its files are missing.
    private static let styling: SourceStyling? = {
        guard let styling = SourceStyling(
            languageID: "quire-markdown", languageDirectory: Resources.path("language-specs"),
            lightSchemeID: "quire-light", darkSchemeID: "quire-dark", schemeDirectory: Resources.path("styles"),
            monospaceClass: "quire-code", hiddenClass: "quire-hidden")
        else {
            Log.error("the Markdown styling was not found in \(Resources.path("language-specs")); notes show as plain text")
            return nil
        }
        styling.isDark = DesktopStyle.isDark
        DesktopStyle.onChange { styling.isDark = DesktopStyle.isDark }
        return styling
    }()

    /// Sets the styling up now, before any window: GtkSourceView's start
    /// adds an icon folder, after which the icon theme must be read again.
    static func prepare() {
        _ = styling
    }

    /// A new editor view whose text is styled as Markdown.
    static func makeEditorView() -> TextView {
        styling?.makeView() ?? TextView()
    }
}
