import GtkKit

/// A main window's categories, list of notes and note. In a window wide
/// enough they sit side by side (the categories, when there are any, beside
/// the list), with a handle between the list and the note that sets the
/// list's width. In a narrower one (a phone-sized window, half a small
/// screen) they are one at a time in a leaflet: the categories, the list of
/// the one chosen, then the note picked in it, each with a way back.
@MainActor
final class ListAndNoteLayout {
    /// What a folded window shows.
    enum Page {
        case categories, list, note
    }

    /// Windows narrower than this show the list or the note, not both: 280
    /// pixels of list would leave the note too little room.
    static let foldWidth: Int32 = 600

    /// What goes in the window, under its header bar.
    let root = Box(vertical: false)
    private let categories: Widget
    private let note: Widget
    /// The categories and the list side by side, the start of the pane.
    private let listPane = Box(vertical: false)
    private let paned: Paned
    /// Made the first time the window folds: most windows never do.
    private var leaflet: Leaflet?
    /// Whether the categories, the list and the note are one at a time.
    private(set) var isFolded = false
    /// What a folded window shows, or would show once folded.
    private(set) var page = Page.note
    /// Set while the widgets move between the pane and the leaflet.
    private var isMoving = false
    /// Told when the window folds or unfolds, and when a folded window turns
    /// to another page.
    var onChange: (@MainActor () -> Void)?
    /// The list's width as set or dragged. A window narrowed below it has
    /// the handle cut to what fits, which GTK keeps as the window widens
    /// again: the list gets this width back then.
    private var wantedListWidth: Int32 = 0

    init(categories: Widget, list: Widget, note: Widget) {
        self.categories = categories
        self.note = note
        listPane.append(categories)
        listPane.append(list)
        paned = Paned(start: listPane, end: note)
        paned.setExpands(horizontally: true, vertically: true)
        root.append(paned)
        paned.onPositionChanged { [weak self] in
            // A handle at its furthest was cut there (or dragged there: rare).
            guard let self, !isFolded, !isMoving, paned.position < paned.maximumPosition else { return }
            wantedListWidth = paned.position
        }
    }

    private func makeLeaflet() -> Leaflet {
        let leaflet = Leaflet()
        leaflet.setExpands(horizontally: true, vertically: true)
        leaflet.onShownChildChanged { [weak self, weak leaflet] in
            guard let self, let leaflet, isFolded, !isMoving else { return }
            page = leaflet.isShowing(categories) ? .categories : leaflet.isShowing(note) ? .note : .list
            onChange?()
        }
        self.leaflet = leaflet
        return leaflet
    }

    /// The list's width side by side, with the categories (kept while folded).
    var listWidth: Int32 {
        get { wantedListWidth }
        set {
            wantedListWidth = newValue
            paned.position = newValue
        }
    }

    /// Whether a folded window has a page to go back to: the list from the
    /// note, and the categories, if there are any, from the list.
    var canGoBack: Bool {
        isFolded && (page == .note || (page == .list && categories.isShown))
    }

    /// Folds or unfolds for a window `width` pixels wide.
    func fit(width: Int32) {
        let fold = width < ListAndNoteLayout.foldWidth
        if !fold && paned.position < wantedListWidth { paned.position = wantedListWidth }  // cut while narrower
        guard fold != isFolded else { return }
        isFolded = fold
        isMoving = true
        defer {
            isMoving = false
            onChange?()
        }
        if fold {
            let leaflet = leaflet ?? makeLeaflet()
            paned.setChildren(start: nil, end: nil)
            root.remove(paned)
            listPane.remove(categories)
            leaflet.append(categories)
            leaflet.append(listPane)
            leaflet.append(note)
            if page == .categories && !categories.isShown { page = .list }
            leaflet.show(widget(of: page))  // before it is on screen: no slide
            root.append(leaflet)
        } else if let leaflet {
            leaflet.remove(categories)
            leaflet.remove(listPane)
            leaflet.remove(note)
            root.remove(leaflet)
            listPane.prepend(categories)
            paned.setChildren(start: listPane, end: note)
            paned.position = wantedListWidth
            root.append(paned)
            if page == .categories { page = .list }
        }
    }

    /// Shows the note (folded, sliding it in over the list).
    func showNote() { show(.note) }

    /// Shows the list (folded, sliding to it).
    func showList() { show(.list) }

    /// Shows the categories, if there are any (folded, sliding back to them).
    func showCategories() {
        guard categories.isShown else { return showList() }
        show(.categories)
    }

    /// Goes back a page: from the note to the list, from the list to the categories.
    func goBack() {
        guard isFolded else { return }
        switch page {
        case .note: showList()
        case .list: showCategories()
        case .categories: break
        }
    }

    private func show(_ wanted: Page) {
        page = wanted
        if isFolded { leaflet?.show(widget(of: wanted)) }
    }

    private func widget(of page: Page) -> Widget {
        switch page {
        case .categories: categories
        case .list: listPane
        case .note: note
        }
    }
}
