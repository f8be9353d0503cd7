import CGtk

/// A titled group of rows in a preferences page, in a boxed list, with an
/// optional description under the title and a widget beside it.
@MainActor
public final class PreferencesGroup: Widget {
    /// An empty group titled `title`, with `description` under the title if given.
    public init(title: String, description: String? = nil) {
        super.init(retaining: adw_preferences_group_new())
        let group = cgtk_as_preferences_group(objectPointer)
        adw_preferences_group_set_title(group, title)
        if let description { adw_preferences_group_set_description(group, description) }
    }

    /// The text under the title.
    public var groupDescription: String {
        get { adw_preferences_group_get_description(cgtk_as_preferences_group(objectPointer)).map { String(cString: $0) } ?? "" }
        set { adw_preferences_group_set_description(cgtk_as_preferences_group(objectPointer), newValue) }
    }

    /// Adds `row` (an `EntryRow`, an `ActionRow`) below the others.
    public func add(_ row: Widget) {
        adw_preferences_group_add(cgtk_as_preferences_group(objectPointer), row.widgetPointer)
    }

    /// Puts `widget` (a button) beside the group's title.
    public func setHeaderSuffix(_ widget: Widget) {
        adw_preferences_group_set_header_suffix(cgtk_as_preferences_group(objectPointer), widget.widgetPointer)
    }
}
