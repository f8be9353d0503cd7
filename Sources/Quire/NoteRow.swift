import Foundation
import GtkKit
import NoteModel

/// One row of the note list: the note's title with when it changed (and a pin
/// if it is pinned, its checklist's progress if it has one), and under them
/// its text (or, while searching, the words around the first match, which
/// always starts within sight). A right-click selects the note and opens the
/// row's menu (Open in New Window, Pin Note, Export Note…, Move to Trash).
@MainActor
final class NoteRow {
    let root: Widget
    private let title = Inscription()
    private let age = Label(singleLine: "", ellipsized: false)
    /// The title, then the pin and the progress when there are any, then the age.
    private let heading = Box(vertical: false, spacing: 6)
    /// Made when the row first shows a pinned note: most rows never do, and a
    /// list view keeps up to 205 rows.
    private var pin: Image?
    /// A checklist's progress, "3/5", made when the row first shows one.
    private var progress: Label?
    private let detail = Inscription()
    /// The note the row shows now (rows are reused as the list scrolls).
    private(set) var noteID: UUID?
    /// The version of the list's notes the row last showed its note as, and the name it gave it.
    private var shownAs: (version: Int, name: String)?
    private var contextMenu: PopoverMenu?
    /// The title and the preview (nil while a search match shows) the row shows, whole.
    private var wholeText: (title: String, preview: String?) = ("", nil)
    /// How many characters of its title and preview the row lays out
    /// (`RowTextLength`): its list sets it from its width.
    var textLength = RowTextLength.shortest {
        didSet { if textLength != oldValue { showText() } }
    }

    /// A row whose right-click menu is `menu`; `onContextMenu` hears which note
    /// it is for first. `onClick` hears a (left) click on the row.
    init(menu: Menu, onContextMenu: @escaping @MainActor (UUID) -> Void, onClick: @escaping @MainActor () -> Void) {
        let box = Box(vertical: true, spacing: 2)
        // Once the list has selected the row and taken the focus for it.
        box.onMouseButton(.primary, released: true) { _, _ in _ = MainLoop.idle { onClick(); return false } }
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
        title.setExpands(horizontally: true, vertically: false)
        age.addCSSClass("dim-label")
        detail.addCSSClass("dim-label")
        heading.append(title)
        heading.append(age)
        box.append(heading)
        box.append(detail)
        root = box
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
    func show(_ summary: NoteSummary, match: NoteSearchResult?, asOf version: Int, now: Date = Date()) -> String {
        let name = show(summary, match: match, now: now)
        shownAs = (version, name)
        return name
    }

    private func show(_ summary: NoteSummary, match: NoteSearchResult?, now: Date) -> String {
        noteID = summary.noteID
        let shownTitle = ShownTitle.of(summary.title)
        wholeText = (shownTitle, match == nil ? summary.preview : nil)
        showText()
        let when = NoteRow.relativeTime(of: summary.modifiedAt, now: now)
        age.text = when
        if summary.isPinned { pinImage().isShown = true } else { pin?.isShown = false }
        let tasks = summary.taskProgress.map { localized("%s/%s", String($0.done), String($0.total)) }
        if let tasks {
            let label = progressLabel()
            label.text = tasks
            label.isShown = true
        } else {
            progress?.isShown = false
        }
        if let match { detail.setMarkup(NoteRow.highlighted(match)) }
        let tasksDone = summary.taskProgress.map { localized("%s of %s tasks done", String($0.done), String($0.total)) }
        return [shownTitle, summary.isPinned ? localized("pinned") : nil, tasksDone, when].compactMap { $0 }.joined(separator: ", ")
    }

    /// Sets the title, and the preview unless a match shows, each cut to `textLength`.
    private func showText() {
        title.setMarkup("<b>\(Label.escape(RowTextLength.cut(wholeText.title, to: textLength)))</b>")
        if let preview = wholeText.preview { detail.text = RowTextLength.cut(preview, to: textLength) }
    }

    /// The pin, made and put after the title the first time it is needed.
    private func pinImage() -> Image {
        if let pin { return pin }
        let image = Image(iconName: "view-pin-symbolic")
        image.addCSSClass("dim-label")
        heading.insert(image, after: title)
        pin = image
        return image
    }

    /// The progress label, made and put before the age the first time it is needed.
    private func progressLabel() -> Label {
        if let progress { return progress }
        let label = Label(singleLine: "", ellipsized: false)
        label.addCSSClass("dim-label")
        label.addCSSClass("numeric")
        heading.insert(label, after: pin ?? title)
        progress = label
        return label
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
        default: return date.formatted(.dateTime.day().month(.abbreviated).year().locale(Locale(identifier: Localization.language)))
        }
    }
}
