import Foundation
import NoteModel
import Scenes

/// The scene delegate of a main window ("Default Configuration"). The first
/// window of a launch shows the most recent note; later ones start a new note.
@MainActor
final class MainSceneDelegate: NoteSceneDelegate {
    override func initialNoteID(in store: NoteStore) -> UUID? {
        guard AppDelegate.current?.hasConnectedFirstWindow == false else { return nil }
        return (try? store.mostRecentlyModifiedNote())?.id
    }
}
