import GtkKit

/// A note's title as windows, lists and messages show it: "New Note" for a
/// note whose text has no title yet.
enum ShownTitle {
    static func of(_ title: String) -> String { title.isEmpty ? localized("New Note") : title }
}
