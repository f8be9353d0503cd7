import Storage

/// The order of the note list, after the pinned notes: the most recently
/// edited first, the most recently created first, or by title from A to Z
/// (ignoring case and accents).
public enum NoteSortOrder: String, Codable, CaseIterable, Sendable {
    case edited, created, title

    /// The column that orders the list, after `pinned` and before `id` (a
    /// title not filled in yet sorts as empty, first, rather than not at all).
    var column: String {
        switch self {
        case .edited: "modified_at"
        case .created: "created_at"
        case .title: "ifnull(sort_title, '')"
        }
    }

    /// Whether the column goes up (titles A to Z) rather than down (newest first).
    private var ascends: Bool { self == .title }

    /// The `ORDER BY` terms (each order has an index of its own).
    var orderBy: String {
        let direction = ascends ? "ASC" : "DESC"
        return "pinned DESC, \(column) \(direction), id \(direction)"
    }

    /// The condition (three `?`s: pin, key, identifier, in `arguments`'s
    /// shape) of the notes after the one at that place in the list.
    func after(_ cursor: NotePageCursor) -> (sql: String, arguments: [SQLiteValue]) {
        guard ascends else { return ("(pinned, \(column), id) < (?, ?, ?)", [.integer(cursor.pinned), cursor.key, .text(cursor.id)]) }
        return ("(pinned < ? OR (pinned = ? AND (\(column), id) > (?, ?)))",
                [.integer(cursor.pinned), .integer(cursor.pinned), cursor.key, .text(cursor.id)])
    }

    /// The condition of the notes before the one at `cursor`'s place in the list.
    func before(_ cursor: NotePageCursor) -> (sql: String, arguments: [SQLiteValue]) {
        guard ascends else { return ("(pinned, \(column), id) > (?, ?, ?)", [.integer(cursor.pinned), cursor.key, .text(cursor.id)]) }
        return ("(pinned > ? OR (pinned = ? AND (\(column), id) < (?, ?)))",
                [.integer(cursor.pinned), .integer(cursor.pinned), cursor.key, .text(cursor.id)])
    }
}
