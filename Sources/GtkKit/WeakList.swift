/// Entries that each hold an object weakly, those whose object is released
/// dropped once the list has doubled since they last were: adding one costs
/// the same with 1 alive as with 100 (dropping them at every addition reads
/// every weak reference, once per window opened or restored).
package struct WeakList<Entry> {
    /// The entries in the order they came, some perhaps released.
    package private(set) var entries: [Entry] = []
    private let isReleased: (Entry) -> Bool
    /// How many there were after the released ones were last dropped.
    private var countAfterDropping = 0

    /// An empty list whose entries `isReleased` tells released.
    package init(isReleased: @escaping (Entry) -> Bool) {
        self.isReleased = isReleased
    }

    /// Adds `entry`, first dropping the released ones if the list has doubled.
    package mutating func append(_ entry: Entry) {
        if entries.count >= 2 * max(countAfterDropping, 8) { dropReleased() }
        entries.append(entry)
    }

    /// Drops every released entry now.
    package mutating func dropReleased() {
        removeAll(where: isReleased)
    }

    /// Drops the entries `shouldRemove` picks.
    package mutating func removeAll(where shouldRemove: (Entry) -> Bool) {
        entries.removeAll(where: shouldRemove)
        countAfterDropping = entries.count
    }
}
