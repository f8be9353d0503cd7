import FoundationEssentials
import Storage
import GtkKit
import NoteModel

/// A failing save in the person's words.
extension NoteSaveProblem {
    /// The folder of the draft file, as a person would type it (`~/…`).
    private var draftFolder: String? {
        draftPath.map { DisplayPath.of(FilePaths.parent(of: $0)) }
    }

    /// The message a window shows: what failed, what happens now, where the text is.
    var message: String {
        let cause: String
        switch kind {
        case .diskFull: cause = localized("The disk is full, so this note could not be saved.")
        case .busy: cause = localized("Another program is using your notes file, so this note is not saved yet.")
        case .permissionDenied: cause = localized("Quire may not write to your notes file, so this note could not be saved.")
        default: cause = localized("This note could not be saved: %s", detail)
        }
        let kept: String
        if let draftFailure {
            kept = localized("No recovery copy could be written either (%s): keep this window open until the note is saved.", draftFailure)
        } else if let draftFolder {
            kept = localized("Your text is kept here, and a recovery copy is in %s.", draftFolder)
        } else {
            kept = localized("Your text is kept here.")
        }
        return "\(cause) \(kept) \(localized("Quire keeps trying to save it."))"
    }
}
