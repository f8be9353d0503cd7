import GtkKit

/// A main window's list of notes and its note. In a window wide enough for
/// both they sit side by side, with a handle between them that sets the list's
/// width. In a narrower one (a phone-sized window, half a small screen) they
/// are one at a time in a leaflet: the list, then the note picked in it, with a
/// way back.
@MainActor
final class ListAndNoteLayout {
    /// Windows narrower than this show the list or the note, not both: 280
    /// pixels of list would leave the note too little room.
    static let foldWidth: Int32 = 600

    /// What goes in the window, under its header bar.
    let root = Box(vertical: false)
    private let list: Widget
    private let note: Widget
    private let paned: Paned
    /// Made the first time the window folds: most windows never do.
    private var leaflet: Leaflet?
    /// Whether the list and the note are one at a time.
    private(set) var isFolded = false
    /// Whether the list is what a folded window shows, or would show once folded.
    private(set) var showsList = false
    /// Set while the list and the note move between the pane and the leaflet.
    private var isMoving = false
    /// Told when the window folds or unfolds, and when a folded window turns
    /// from the list to the note or back.
    var onChange: (@MainActor () -> Void)?

    init(list: Widget, note: Widget) {
        self.list = list
        self.note = note
        paned = Paned(start: list, end: note)
        paned.setExpands(horizontally: true, vertically: true)
        root.append(paned)
    }

    private func makeLeaflet() -> Leaflet {
        let leaflet = Leaflet()
        leaflet.setExpands(horizontally: true, vertically: true)
        leaflet.onShownChildChanged { [weak self, weak leaflet] in
            guard let self, let leaflet, isFolded, !isMoving else { return }
            showsList = leaflet.isShowing(list)
            onChange?()
        }
        self.leaflet = leaflet
        return leaflet
    }

    /// The list's width side by side (kept while folded).
    var listWidth: Int32 {
        get { paned.position }
        set { paned.position = newValue }
    }

    /// Folds or unfolds for a window `width` pixels wide.
    func fit(width: Int32) {
        let fold = width < ListAndNoteLayout.foldWidth
        guard fold != isFolded else { return }
        isFolded = fold
        isMoving = true
        defer {
            isMoving = false
            onChange?()
        }
        if fold {
            let leaflet = leaflet ?? makeLeaflet()
            let width = paned.position
            paned.setChildren(start: nil, end: nil)
            paned.position = width
            root.remove(paned)
            leaflet.append(list)
            leaflet.append(note)
            leaflet.show(showsList ? list : note)  // before it is on screen: no slide
            root.append(leaflet)
        } else if let leaflet {
            leaflet.remove(list)
            leaflet.remove(note)
            root.remove(leaflet)
            paned.setChildren(start: list, end: note)
            root.append(paned)
        }
    }

    /// Shows the note (folded, sliding it in over the list).
    func showNote() {
        showsList = false
        if isFolded { leaflet?.show(note) }
    }

    /// Shows the list (folded, sliding back to it).
    func showList() {
        showsList = true
        if isFolded { leaflet?.show(list) }
    }
}
