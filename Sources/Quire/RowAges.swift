import FoundationEssentials
import GtkKit

/// The moment every note list tells its rows' ages as of ("just now", "5
/// minutes ago"): one for every window, moved on once a minute, when each
/// row shown says its age again. Rows bound a moment apart in two windows
/// told the same note's age differently ("just now" here, "1 minute ago"
/// there), and a row kept the age it was bound with.
@MainActor
enum RowAges {
    /// The moment ages are told as of.
    private(set) static var now = Date()
    private static var rows: [WeakRow] = []
    private static var tick: MainLoopSource?

    private struct WeakRow {
        weak var row: NoteRow?
    }

    /// Has `row` told its age again each minute, as of `now`.
    static func follow(_ row: NoteRow) {
        if tick == nil {
            now = Date()
            tick = MainLoop.every(milliseconds: 60_000) {
                advance()
                return true
            }
        }
        rows.append(WeakRow(row: row))
    }

    private static func advance() {
        now = Date()
        rows.removeAll { $0.row == nil }
        for entry in rows { entry.row?.ageMoved() }
    }
}
