import GtkKit
import GtkSourceKit

/// How note text looks while it is typed: Markdown styled by Quire's own
/// language definition (`Resources/language-specs`) in Quire's light or dark
/// style scheme (`Resources/styles`), following the windows' style, and the
/// text and cursor in GNOME's text editors' colours. The text itself stays
/// exactly what was typed.
@MainActor
enum MarkdownStyle {
    /// The language's context class for code: code spans and fenced blocks.
    static let codeClass = "quire-code"

    /// The styling every editor shares; nil (plain text) if its files are missing.
    private static let styling: SourceStyling? = {
        guard let styling = SourceStyling(
            languageID: "quire-markdown", languageDirectory: Resources.path("language-specs"),
            lightSchemeID: "quire-light", darkSchemeID: "quire-dark", schemeDirectory: Resources.path("styles"),
            monospaceClass: codeClass, hiddenClass: "quire-hidden")
        else {
            Log.error("the Markdown styling was not found in \(Resources.path("language-specs")); notes show as plain text")
            return nil
        }
        styling.whenUnreadable = {
            Log.error("the Markdown styling in \(Resources.path("language-specs")) and \(Resources.path("styles")) could not be read; notes show as plain text")
        }
        return styling
    }()

    /// The text's and the cursor's colours in every editor. The schemes name
    /// none: an editor gets its scheme only once its note has text, and an
    /// empty one must look the same.
    private static let colors = StyleSheet("")

    /// Sets the styling up now, before any window: GtkSourceView's start
    /// adds an icon folder, after which the icon theme must be read again.
    /// The language and schemes themselves are read once a note has text.
    static func prepare() {
        followStyle()
        DesktopStyle.onChange { followStyle() }
    }

    private static func followStyle() {
        let isDark = DesktopStyle.isDark
        styling?.isDark = isDark
        colors.load(css(isDark: isDark))
    }

    /// The colour rules for editors (`EditorFont.cssClass`) in the dark or the light style.
    static func css(isDark: Bool) -> String {
        let (text, cursor) = isDark ? ("#c0bfbc", "#c0bfbc") : ("#504e55", "#77767b")
        // On the view itself, where GTK takes the text's colour from (and the
        // text area inherits the cursor's).
        return "textview.\(EditorFont.cssClass) { color: \(text); caret-color: \(cursor); }"
    }

    /// A new editor view whose text is styled as Markdown.
    static func makeEditorView() -> TextView {
        styling?.makeView() ?? TextView()
    }
}
