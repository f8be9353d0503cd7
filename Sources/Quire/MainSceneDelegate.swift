import Foundation
import NoteModel
import Scenes

/// The scene delegate of a main window ("Default Configuration"). A new main
/// window shows the most recent note (a new one if there are none); windows
/// showing the same note show each other's typing at once.
@MainActor
final class MainSceneDelegate: NoteSceneDelegate {
    override func initialNoteID(in store: NoteStore) -> UUID? {
        (try? store.mostRecentlyModifiedNote())?.id
    }

    /// A main window shows whichever note; requests for a note open its own window.
    override var prefersItsNote: Bool { false }
}
