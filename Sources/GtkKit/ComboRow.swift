import CGtk

/// A row of a preferences group that shows one of several choices and lets
/// the person pick another from a list that drops down from it.
@MainActor
public final class ComboRow: Widget {
    private let choiceList = StringList()

    /// A row titled `title` offering `choices`, the first picked.
    public init(title: String, choices labels: [String]) {
        super.init(retaining: adw_combo_row_new())
        adw_preferences_row_set_title(cgtk_as_preferences_row(objectPointer), title)
        adw_preferences_row_set_use_underline(cgtk_as_preferences_row(objectPointer), 1)
        choiceList.replaceAll(with: labels)
        adw_combo_row_set_model(cgtk_as_combo_row(objectPointer), cgtk_as_list_model(choiceList.objectPointer))
    }

    /// The choices offered, in order (setting them picks none).
    public var choices: [String] {
        get { (0..<choiceList.count).compactMap { choiceList.string(at: $0) } }
        set { choiceList.replaceAll(with: newValue) }
    }

    /// The index of the choice shown (nil: none).
    public var selectedIndex: Int? {
        get {
            let index = adw_combo_row_get_selected(cgtk_as_combo_row(objectPointer))
            return index == cgtk_invalid_list_position() ? nil : Int(index)
        }
        set { adw_combo_row_set_selected(cgtk_as_combo_row(objectPointer), newValue.map { guint($0) } ?? cgtk_invalid_list_position()) }
    }

    /// The text under the title.
    public var subtitle: String {
        get { actionRowSubtitle }
        set { actionRowSubtitle = newValue }
    }

    /// Calls `handler` whenever another choice is picked (by the person or by `selectedIndex`).
    public func onSelected(_ handler: @escaping @MainActor () -> Void) {
        observe(property: "selected", handler)
    }
}
