import GtkKit
import NoteModel

/// While a search is active, the note in the editor shows every match of it
/// (as the list's search matches: each word at the start of a word, ignoring
/// case and accents), and F3 / Shift+F3 step from match to match. Typing
/// moves the highlights with the text; they are found again once typing pauses.
@MainActor
final class SearchHighlight {
    private let view: TextView
    private var search = ""
    private var matches: [Range<Int>] = []
    private var refresh: Debouncer?
    private var changes: SignalConnection?
    private var cursorMoves: SignalConnection?
    /// The last count reported, and which match was selected then.
    private var reported: (current: Int?, count: Int) = (nil, 0)

    /// Called when the number of matches in the note changes, or which one is
    /// selected (F3, a click): the selected match's index from 0 (nil if the
    /// selection is no match), and how many there are.
    var onMatchesChanged: (@MainActor (_ current: Int?, _ count: Int) -> Void)?

    /// The highlight tag's colour: a translucent yellow, readable in light and dark style.
    static let color = "rgba(246, 211, 45, 0.45)"

    init(view: TextView) {
        self.view = view
        refresh = Debouncer(quietMilliseconds: 400, maximumDelayMilliseconds: 3_000) { [weak self] in self?.findMatches() }
        changes = view.buffer.onChanged { [weak self] in
            guard let self, !search.isEmpty else { return }
            refresh?.poke()
        }
        cursorMoves = view.buffer.onCursorMoved { [weak self] in self?.report() }
    }

    /// Tells `onMatchesChanged` of a new count, or a new selected match.
    private func report() {
        guard !search.isEmpty || reported.count > 0 else { return }
        let (insert, bound) = view.buffer.selectionOffsets
        let (start, end) = (Int(min(insert, bound)), Int(max(insert, bound)))
        // The matches are in order: the first that does not end before the selection.
        var low = 0
        var high = matches.count
        while low < high {
            let middle = (low + high) / 2
            if matches[middle].upperBound < end { low = middle + 1 } else { high = middle }
        }
        let current = low < matches.count && matches[low] == start..<end ? low : nil
        guard current != reported.current || matches.count != reported.count else { return }
        reported = (current, matches.count)
        onMatchesChanged?(current, matches.count)
    }

    /// The search whose matches show; "" shows none.
    var searchText: String {
        get { search }
        set {
            guard newValue != search else { return }
            search = newValue
            findMatches()
        }
    }

    /// Finds and shows the matches in the text as it is now (a new note shown).
    func findMatches() {
        refresh?.cancel()
        matches = search.isEmpty ? [] : TextSearch.allMatches(of: search, in: view.buffer.text)
        view.buffer.highlight(
            matches.map { Int32(clamping: $0.lowerBound)..<Int32(clamping: $0.upperBound) },
            tag: "search-match", background: SearchHighlight.color)
        report()
    }

    /// Selects the next match after the selection (or the one before it), going
    /// round at the end, and scrolls to it; false if there is none.
    @discardableResult
    func step(forward: Bool) -> Bool {
        if refresh?.isPending == true { findMatches() }
        guard !matches.isEmpty else { return false }
        let (insert, bound) = view.buffer.selectionOffsets
        let (start, end) = (Int(min(insert, bound)), Int(max(insert, bound)))
        let match = forward
            ? matches.first { $0.lowerBound >= end } ?? matches[0]
            : matches.last { $0.upperBound <= start } ?? matches[matches.count - 1]
        view.buffer.select(insert: Int32(clamping: match.lowerBound), bound: Int32(clamping: match.upperBound))
        view.scrollToCursor()
        return true
    }
}
