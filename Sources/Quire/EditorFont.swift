import GtkKit

/// The note text's font in every editor: the one chosen in Preferences, or
/// else the desktop's document font (GNOME's `document-font-name`, followed
/// as it changes), at each window's zoom. One style sheet for the app; an
/// editor opts in with `cssClass` and picks its size with `EditorZoom.cssClass(for:)`.
@MainActor
final class EditorFont {
    static let cssClass = "note-text"
    private static let schema = "org.gnome.desktop.interface", key = "document-font-name"
    private let settings = DesktopSettings(schema: EditorFont.schema)
    private let styleSheet = StyleSheet("")

    /// The desktop's document font's name ("Cantarell 11"); nil where the desktop names none.
    static var documentFontName: String? { DesktopSettings(schema: schema)?.string(key) }

    /// The notes' font's name as printing takes it: the one chosen, else the desktop's document font.
    @MainActor
    static var notesFontName: String? { Preferences.shared.values.editorFont ?? documentFontName }

    /// Starts following the chosen font and the desktop's document font. Make it once the app has started.
    init() {
        settings?.onChange(of: EditorFont.key) { [weak self] in self?.update() }
        Preferences.shared.follow(by: self) { [weak self] in self?.update() }
        update()
    }

    private func update() {
        let name = Preferences.shared.values.editorFont ?? settings?.string(EditorFont.key)
        guard name != shown else { return }
        shown = name
        styleSheet.load(EditorFont.css(for: name.map(FontDescription.init)))
    }

    /// The font the style sheet sets now.
    private var shown: String??

    /// The rules for `font` (nil: the interface font), one per zoom step.
    static func css(for font: FontDescription?) -> String {
        let family = font?.family.map { name in
            "font-family: \"\(name.filter { $0 != "\"" && $0 != "\\" })\"; "
        } ?? ""
        func size(_ percent: Int) -> String {
            guard let points = font?.points else { return "\(percent)%" }
            return "\((points * Double(percent) / 100 * 10).rounded() / 10)pt"
        }
        let base = ".\(cssClass) { \(family)font-size: \(size(EditorZoom.normal)); }"
        let zoomed = EditorZoom.steps.filter { $0 != EditorZoom.normal }.map { step in
            ".\(cssClass).\(EditorZoom.cssClass(for: step)) { font-size: \(size(step)); }"
        }
        return ([base] + zoomed).joined(separator: "\n")
    }
}
