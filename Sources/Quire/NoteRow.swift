import Foundation
import GtkKit
import NoteModel

/// One row of the note list: the note's title, and its text (or, while
/// searching, the matching words) with when it changed. A right-click selects
/// the note and opens the row's menu (Open in New Window, Move to Trash).
@MainActor
final class NoteRow {
    let root: Widget
    private let title = Label("")
    private let detail = Label("")
    /// The note the row shows now (rows are reused as the list scrolls).
    private(set) var noteID: UUID?
    private var contextMenu: PopoverMenu?

    /// A row whose right-click menu is `menu`; `onContextMenu` hears which note it is for first.
    init(menu: Menu, onContextMenu: @escaping @MainActor (UUID) -> Void) {
        let box = Box(vertical: true, spacing: 2)
        defer {
            // The menu is made on the first right-click, not with every row.
            box.onSecondaryClick { [weak self, weak box] x, y in
                guard let self, let box, let noteID = self.noteID else { return }
                onContextMenu(noteID)
                let popover = self.contextMenu ?? PopoverMenu(menu: menu, attachedTo: box)
                self.contextMenu = popover
                popover.popUp(atX: x, y: y)
            }
        }
        box.setMargins(8)
        title.makeSingleLine()
        detail.makeSingleLine()
        detail.addCSSClass("dim-label")
        box.append(title)
        box.append(detail)
        root = box
    }

    /// Shows `summary`, with `match` (a search result) highlighting its words.
    /// Shows `summary` (with `match`'s words in bold); returns the row's name for
    /// screen readers: the title and when it was written.
    @discardableResult
    func show(_ summary: NoteSummary, match: NoteSearchResult?, now: Date = Date()) -> String {
        noteID = summary.noteID
        let shownTitle = summary.title.isEmpty ? localized("New Note") : summary.title
        title.setMarkup("<b>\(Label.escape(shownTitle))</b>")
        let when = NoteRow.relativeTime(of: summary.modifiedAt, now: now)
        if let match {
            detail.setMarkup(NoteRow.highlighted(match) + " — " + Label.escape(when))
        } else {
            let preview = summary.preview.isEmpty ? "" : summary.preview + " — "
            detail.setMarkup(Label.escape(preview + when))
        }
        return shownTitle + ", " + when
    }

    /// The snippet on one line, with its matched words in bold, as label markup.
    static func highlighted(_ match: NoteSearchResult) -> String {
        func plain(_ text: Substring) -> String {
            Label.escape(String(text.map { $0.isNewline ? " " : $0 }))
        }
        var markup = ""
        var position = match.snippet.startIndex
        for range in match.matches {
            markup += plain(match.snippet[position..<range.lowerBound])
            markup += "<b>" + plain(match.snippet[range]) + "</b>"
            position = range.upperBound
        }
        return markup + plain(match.snippet[position...])
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
        default: return date.formatted(.dateTime.day().month(.abbreviated).year().locale(Locale(identifier: Localization.language)))
        }
    }
}
