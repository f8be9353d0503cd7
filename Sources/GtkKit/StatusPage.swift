import CGtk

/// A libadwaita status page: a large icon, a title and a line or two of
/// description, for a view with nothing in it yet (no notes, an empty trash)
/// or that cannot show anything (notes that could not be opened).
@MainActor
public final class StatusPage: Widget {
    /// A page showing `iconName` from the icon theme, `title` and `description`
    /// (plain text). A compact page, with a smaller icon and title, fits a sidebar.
    public init(iconName: String, title: String, description: String = "", compact: Bool = false) {
        super.init(retaining: adw_status_page_new())
        show(iconName: iconName, title: title, description: description)
        if compact { addCSSClass("compact") }
    }

    /// Changes what the page says.
    public func show(iconName: String, title: String, description: String = "") {
        let page = cgtk_as_status_page(objectPointer)
        adw_status_page_set_icon_name(page, iconName)
        adw_status_page_set_title(page, title)
        // The description is Pango markup: what is given is plain text.
        adw_status_page_set_description(page, description.isEmpty ? nil : Label.escape(description))
    }
}
