import CGtk

/// A GtkStringList: a list model of strings (an app can keep identifiers in
/// it; rows look up what they show when they are bound, so only visible rows
/// cost anything).
@MainActor
public final class StringList: Object {
    /// An empty list.
    public init() {
        super.init(adopting: cgtk_string_list_new())
    }

    /// How many strings the list holds.
    public var count: Int { Int(cgtk_list_model_count(objectPointer)) }

    /// The string at `position`, or nil past the end.
    public func string(at position: Int) -> String? {
        cgtk_string_list_get(objectPointer, guint(position)).map { String(cString: $0) }
    }

    /// Replaces `removing` strings at `position` with `inserting`, in one change.
    public func splice(at position: Int, removing: Int, inserting: [String]) {
        CStringList.withList(inserting) { cgtk_string_list_splice(objectPointer, guint(position), guint(removing), $0) }
    }

    /// Replaces the whole list.
    public func replaceAll(with strings: [String]) { splice(at: 0, removing: count, inserting: strings) }
}
