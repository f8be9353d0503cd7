import Scenes

/// The scene delegate of a window that edits one note ("Note Editor" in the
/// manifest): the note's own window, which requests for the note raise and
/// which closes when the note goes to the trash. All it does is what every
/// window showing a note does (its `NoteWindowController`).
@MainActor
final class NoteSceneDelegate: NoteWindowSceneDelegate {
    let noteWindow: NoteWindowController

    /// A delegate for a note window with the app's `services`.
    init(services: any NoteWindowServices) {
        noteWindow = NoteWindowController(services: services)
        noteWindow.owner = self
    }
}
