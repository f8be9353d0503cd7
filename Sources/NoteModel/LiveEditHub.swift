public import Foundation

/// Passes each edit of a note, as it is typed, to every other editor showing
/// that note in this process, so all of them show it at once. Editors apply
/// edits, not whole texts, so their own cursor and scroll stay where they are;
/// an edit never goes back to the editor that made it.
public final class LiveEditHub {
    private var subscribers: [UUID: [Int: (origin: NoteChangeOrigin, apply: (NoteEdit) -> Void)]] = [:]
    private var nextKey = 0

    /// A hub with no editors.
    public init() {}

    /// Registers an editor of note `noteID`: `apply` receives the other editors'
    /// edits. The subscription lasts as long as the returned observation.
    public func subscribe(
        to noteID: UUID, origin: NoteChangeOrigin, apply: @escaping (NoteEdit) -> Void
    ) -> NoteObservation {
        let key = nextKey
        nextKey += 1
        subscribers[noteID, default: [:]][key] = (origin, apply)
        return NoteObservation { [weak self] in
            self?.subscribers[noteID]?[key] = nil
            if self?.subscribers[noteID]?.isEmpty == true { self?.subscribers[noteID] = nil }
        }
    }

    /// Hands an edit made by `origin` to every other editor of `noteID`.
    public func publish(_ edit: NoteEdit, to noteID: UUID, from origin: NoteChangeOrigin) {
        for subscriber in (subscribers[noteID] ?? [:]).values where subscriber.origin != origin {
            subscriber.apply(edit)
        }
    }

    /// How many editors show `noteID`.
    public func editorCount(for noteID: UUID) -> Int { subscribers[noteID]?.count ?? 0 }
}
