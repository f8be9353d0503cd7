import CGtk

/// A page of a preferences window (`Window(preferencesTitle:pages:)`):
/// groups of rows, under a title and an icon in the window's switcher.
@MainActor
public final class PreferencesPage: Widget {
    /// An empty page titled `title`, shown in the switcher with the icon `iconName`.
    public init(title: String, iconName: String) {
        super.init(retaining: adw_preferences_page_new())
        let page = cgtk_as_preferences_page(objectPointer)
        adw_preferences_page_set_title(page, title)
        adw_preferences_page_set_icon_name(page, iconName)
    }

    /// Adds `group` below the others.
    public func add(_ group: PreferencesGroup) {
        adw_preferences_page_add(cgtk_as_preferences_page(objectPointer), cgtk_as_preferences_group(group.objectPointer))
    }
}
