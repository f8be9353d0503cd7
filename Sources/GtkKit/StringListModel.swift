import CGtk

/// A list model whose items are strings (GtkStringObject): a `StringList`, or
/// a `StringListSlice` of one. What a `SingleSelection` and its list views show.
@MainActor
public class StringListModel: Object {
    /// How many strings the list holds.
    public var count: Int { Int(cgtk_list_model_count(objectPointer)) }

    /// The string at `position`, or nil past the end.
    public func string(at position: Int) -> String? {
        cgtk_string_model_get(objectPointer, guint(position)).map { String(cString: $0) }
    }
}
