import FoundationEssentials
import GtkKit
import NoteModel

/// One row of the note list: the note's title with when it changed (and a pin
/// if it is pinned, its checklist's progress if it has one), and under them
/// its text (or, while searching, the words around the first match, which
/// always starts within sight), all one widget (`RowText`): a list view keeps
/// up to 205 rows. A right-click, or Menu or Shift+F10 on the selected row,
/// opens the row's menu (Open in New Window, Pin Note, Export Note…, Move
/// to Trash; in the trash, Restore and Delete Forever). Dragged, it carries
/// the note's link (`NoteLink`): onto a category it files the note.
@MainActor
final class NoteRow {
    let root: Widget
    private let text = RowText()
    /// The note the row shows now (rows are reused as the list scrolls).
    private(set) var noteID: UUID?
    /// The version of the list's notes the row last showed its note as, and the name it gave it.
    private var shownAs: (version: Int, name: String)?
    private var contextMenu: PopoverMenu?
    /// The menu the row opens (the trash's in the trash), who hears of its opening, and of its closing.
    private let menu: @MainActor () -> Menu
    private let onContextMenu: @MainActor (UUID) -> Void
    private let onMenuClosed: @MainActor () -> Void
    private let drag: TextDragSource
    /// What the row shows: the title and the preview whole (they are cut to
    /// `textLength`), or the search match's snippet in place of the preview.
    private var shown = Shown()

    private struct Shown {
        var title = ""
        var isPinned = false
        var tasks: String?
        var modifiedAt: Date?
        var age = ""
        var preview = ""
        var snippetMarkup: String?
    }
    /// How many characters of its title and preview the row lays out
    /// (`RowTextLength`): its list sets it from its width.
    var textLength = RowTextLength.shortest {
        didSet { if textLength != oldValue { showText() } }
    }

    /// A row whose right-click menu is the one `menu` gives then (the trash's
    /// in the trash); `onContextMenu` hears which note it is for first,
    /// `onMenuClosed` when it closes. `onClick` hears a (left)
    /// click on the row; `onDroppedNowhere`, its note, when the row is dragged
    /// out and let go where nothing takes it.
    init(
        menu: @escaping @MainActor () -> Menu, onContextMenu: @escaping @MainActor (UUID) -> Void,
        onMenuClosed: @escaping @MainActor () -> Void,
        onClick: @escaping @MainActor () -> Void, onDroppedNowhere: @escaping @MainActor (UUID) -> Void
    ) {
        self.menu = menu
        self.onContextMenu = onContextMenu
        self.onMenuClosed = onMenuClosed
        let text = text
        // Once the list has selected the row and taken the focus for it.
        text.onMouseButton(.primary, released: true) { _, _ in _ = MainLoop.idle { onClick(); return false } }
        text.setMargins(8)
        root = text
        drag = TextDragSource(on: text)
        drag.onDroppedNowhere { [weak self] in if let noteID = self?.noteID { onDroppedNowhere(noteID) } }
        defer { RowAges.follow(self) }
        text.onSecondaryClick { [weak self] x, y in self?.popUpMenu(atX: x, y: y) }
    }

    /// Opens the row's menu at (`x`, `y`) in the row, or, from the keyboard
    /// (Menu, Shift+F10; no point given), under the middle of its title. The
    /// menu is made the first time, not with every row.
    func popUpMenu(atX x: Double? = nil, y: Double = 24) {
        guard let noteID else { return }
        onContextMenu(noteID)
        let wanted = menu()
        let popover = contextMenu ?? {
            let popover = PopoverMenu(menu: wanted, attachedTo: text)
            popover.connect("closed", onMenuClosed)
            return popover
        }()
        if popover.menu !== wanted { popover.menu = wanted }
        contextMenu = popover
        popover.popUp(atX: x ?? Double(text.width) / 2, y: y)
    }

    /// The row's name for screen readers, if it already shows the note `id`
    /// as of `version` of the list's notes (nothing to read again).
    func name(ifShowing id: UUID, asOf version: Int) -> String? {
        guard noteID == id, let shownAs, shownAs.version == version else { return nil }
        return shownAs.name
    }

    /// Shows `summary` (with `match`'s words in bold) as of `version` of the
    /// list's notes; returns the row's name for screen readers: the title,
    /// whether it is pinned, its tasks done, and when it was written.
    @discardableResult
    func show(_ summary: NoteSummary, match: NoteSearchResult?, asOf version: Int, now: Date = RowAges.now) -> String {
        let name = show(summary, match: match, now: now)
        shownAs = (version, name)
        return name
    }

    private func show(_ summary: NoteSummary, match: NoteSearchResult?, now: Date) -> String {
        let shownTitle = ShownTitle.of(summary.title)
        if noteID != summary.noteID || shown.title != shownTitle {  // rows are bound often
            drag.text = NoteLink.markdown(title: shownTitle, for: summary.noteID)
        }
        noteID = summary.noteID
        let when = NoteRow.relativeTime(of: summary.modifiedAt, now: now)
        shown = Shown(
            title: shownTitle, isPinned: summary.isPinned,
            tasks: summary.taskProgress.map { localized("%s/%s", String($0.done), String($0.total)) },
            modifiedAt: summary.modifiedAt, age: when, preview: summary.preview, snippetMarkup: match.map(NoteRow.highlighted))
        showText()
        let tasksDone = summary.taskProgress.map { localized("%s of %s tasks done", String($0.done), String($0.total)) }
        return [shownTitle, summary.isPinned ? localized("pinned") : nil, tasksDone, when].compactMap { $0 }.joined(separator: ", ")
    }

    /// A minute went by (`RowAges`): the row tells its note's age as of now.
    func ageMoved() {
        guard let modifiedAt = shown.modifiedAt else { return }
        let age = NoteRow.relativeTime(of: modifiedAt, now: RowAges.now)
        guard age != shown.age else { return }
        shown.age = age
        showText()
    }

    /// Shows what `shown` holds, the title and the preview each cut to `textLength`.
    private func showText() {
        text.show(
            titleMarkup: "<b>\(Label.escape(RowTextLength.cut(shown.title, to: textLength)))</b>",
            iconName: shown.isPinned ? "view-pin-symbolic" : nil, badge: shown.tasks, trailing: shown.age,
            detail: shown.snippetMarkup.map(RowText.Detail.markup) ?? .text(RowTextLength.cut(shown.preview, to: textLength)))
    }

    /// At most this many characters of a snippet come before its first match,
    /// so a row's width always shows the matched word.
    static let leadBeforeMatch = 16

    /// The snippet on one line, with its matched words in bold, as label markup;
    /// text long before the first match is cut, at a word, to "…".
    static func highlighted(_ match: NoteSearchResult) -> String {
        let (snippet, matches) = match.readableSnippet()
        func plain(_ text: Substring) -> String {
            Label.escape(String(text.map { $0.isNewline ? " " : $0 }))
        }
        var markup = ""
        var position = snippet.startIndex
        if let first = matches.first?.lowerBound,
           snippet.distance(from: position, to: first) > leadBeforeMatch {
            let earliest = snippet.index(first, offsetBy: -leadBeforeMatch)
            let wordStart = snippet[earliest..<first].firstIndex { $0.isWhitespace }
                .map { snippet.index(after: $0) } ?? earliest
            markup = "…"
            position = wordStart
        }
        for range in matches {
            markup += plain(snippet[position..<range.lowerBound])
            markup += "<b>" + plain(snippet[range]) + "</b>"
            position = range.upperBound
        }
        return markup + plain(snippet[position...])
    }

    /// "just now", "5 minutes ago", "3 hours ago", "yesterday", "4 days ago", or the date.
    static func relativeTime(of date: Date, now: Date) -> String {
        let seconds = Int(now.timeIntervalSince(date))
        switch seconds {
        case ..<60: return localized("just now")
        case ..<3_600: return localizedPlural("%d minute ago", "%d minutes ago", count: seconds / 60)
        case ..<86_400: return localizedPlural("%d hour ago", "%d hours ago", count: seconds / 3_600)
        case ..<172_800: return localized("yesterday")
        case ..<(7 * 86_400): return localizedPlural("%d day ago", "%d days ago", count: seconds / 86_400)
        default:
            // Translators: a note's date in the list once it is a week old, as GLib's
            // g_date_time_format writes it: %b the month's short name, %-d the day, %Y the year.
            return LocalDateText.write(Int64(date.timeIntervalSince1970.rounded(.down)), format: localized("%b %-d, %Y"))
        }
    }
}
