import CGtk

/// Style rules in GTK's CSS for every window of the app, above the theme's.
/// They apply while the style sheet exists; `load(_:)` replaces them. Make one
/// once the application has started (a display is open).
@MainActor
public final class StyleSheet {
    private let provider: Object

    /// A style sheet with the rules `css`, applied at once.
    public init(_ css: String) {
        provider = Object(adopting: gtk_css_provider_new())
        load(css)
        cgtk_style_sheet_add_to_display(provider.objectPointer)
    }

    /// Replaces the rules with `css`; every widget is restyled.
    public func load(_ css: String) {
        gtk_css_provider_load_from_data(cgtk_as_css_provider(provider.objectPointer), css, -1)
    }

    isolated deinit { cgtk_style_sheet_remove_from_display(provider.objectPointer) }
}
