import Foundation
import GtkKit
import NoteModel

/// Every note, pinned first, then newest first, as one list of note
/// identifiers that every main window's list shows while it is neither
/// searching nor showing the trash. One list for all windows: with 100,000
/// notes, each window reading and holding a list of its own cost 17 MB and a
/// quarter of a second of the main thread a window.
///
/// The first page (as many notes as a window shows) is read when a window
/// first asks; later pages on idle moments once a window showing the list has
/// drawn its first frame, so launching with very many notes is as quick as
/// with a few. It follows the store: new and edited notes move up to the first
/// unpinned place, pinned ones to the top, trashed ones leave. Observers hear
/// before and after each change, and may not act on the selection changes the
/// change itself causes meanwhile (`isChanging`).
@MainActor
final class AllNotesList {
    /// The notes' identifiers, in the list's order, as loaded so far.
    let ids = StringList()
    /// Whether a change is being made to `ids` now.
    private(set) var isChanging = false

    static let laterPageSize = 2_000
    private let store: NoteStore
    /// Whether the first page was read.
    private var started = false
    private var nextPage: NotePageCursor?
    private var paging: MainLoopSource?
    /// Whether a window showing the list has drawn its first frame, so later pages may load.
    private var mayReadLaterPages = false
    private var observers: [WeakObserver] = []
    private var storeObservation: NoteObservation?

    private struct WeakObserver {
        weak var observer: (any AllNotesListObserver)?
    }

    init(store: NoteStore) {
        self.store = store
        storeObservation = store.observe { [weak self] change, _ in
            MainActor.assumeIsolated { self?.follow(change) }
        }
    }

    /// Whether later pages are still to be read.
    var isReading: Bool { nextPage != nil }

    /// Reads at least `count` notes now if they are not read yet (the first
    /// page, sized by the first window that asks).
    func prepare(atLeast count: Int) {
        guard !started || (nextPage != nil && ids.count < count) else { return }
        let page = (try? store.notePageOfStoredIDs(after: nextPage, limit: count - ids.count)) ?? (ids: [], next: nil)
        started = true
        nextPage = page.next
        change(nil) { ids.splice(at: ids.count, removing: 0, inserting: page.ids) }
        readLaterPages()
    }

    /// A window showing the list has drawn its first frame: later pages may load.
    func windowDidShow() {
        mayReadLaterPages = true
        readLaterPages()
    }

    /// Tells `observer` of every change from now on, as long as it lives.
    func add(_ observer: any AllNotesListObserver) {
        observers.removeAll { $0.observer == nil }
        observers.append(WeakObserver(observer: observer))
    }

    /// Where `id` is, searching from the top (where edited notes go).
    func position(of id: UUID) -> Int? {
        let text = id.uuidString
        return (0..<ids.count).first { ids.string(at: $0) == text }
    }

    private func readLaterPages() {
        guard nextPage != nil, mayReadLaterPages, paging?.isPending != true else { return }
        paging = MainLoop.idle { [weak self] in self?.readNextPage() ?? false }
    }

    /// Appends one page; returns whether more remain.
    private func readNextPage() -> Bool {
        guard let cursor = nextPage,
              let page = try? store.notePageOfStoredIDs(after: cursor, limit: AllNotesList.laterPageSize) else {
            return false
        }
        nextPage = page.next
        change(nil) { ids.splice(at: ids.count, removing: 0, inserting: page.ids) }
        return nextPage != nil
    }

    private func follow(_ change: NoteChange) {
        guard started else { return }
        let id = change.noteID.uuidString
        let index = position(of: change.noteID)
        switch change {
        case .created, .edited, .restoredFromTrash, .pinChanged:
            // Where the list's order now puts it (an edited note: first after the
            // pinned ones); if that is past the pages read so far, its page
            // brings it. Re-inserting also binds its rows again.
            // Unreadable for now (another writer holds the file): it stays where it is.
            guard let position = try? store.listPosition(of: change.noteID) else {
                self.change(change) {}
                return
            }
            self.change(change) {
                if let index { ids.splice(at: index, removing: 1, inserting: []) }
                if position < ids.count || (position == ids.count && nextPage == nil) {
                    ids.splice(at: position, removing: 0, inserting: [id])
                }
            }
        case .movedToTrash, .deletedPermanently:
            self.change(change) {
                if let index { ids.splice(at: index, removing: 1, inserting: []) }
            }
        }
    }

    /// Makes `body`'s change to `ids`, with the observers told before and after.
    private func change(_ noteChange: NoteChange?, _ body: () -> Void) {
        let live = observers.compactMap(\.observer)
        for observer in live { observer.allNotesWillChange() }
        isChanging = true
        body()
        isChanging = false
        for observer in live { observer.allNotesDidChange(noteChange) }
    }
}
