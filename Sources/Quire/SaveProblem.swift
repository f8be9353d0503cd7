import Foundation
import GtkKit
import NoteModel
import Storage

/// Why a note's text is not saved, while saving keeps failing: what went
/// wrong, since when, and where the text is kept meanwhile.
struct SaveProblem: Equatable {
    /// What sort of trouble it is.
    let kind: StorageErrorKind
    /// The error as the storage layer described it (names the file).
    let detail: String
    /// When saving first failed.
    let since: Date
    /// The draft file holding the text, once written.
    var draftPath: String?

    /// The folder of the draft file, as a person would type it (`~/…`).
    private var draftFolder: String? {
        draftPath.map { DisplayPath.of(($0 as NSString).deletingLastPathComponent) }
    }
    /// Why no draft could be written, if none could.
    var draftFailure: String?

    /// The problem `error` is, first seen now.
    init(error: any Error) {
        kind = (error as? StorageError)?.kind ?? .other
        detail = "\(error)"
        since = Date()
    }

    /// Whether the windows should say so yet: a lock another program holds
    /// briefly is waited out quietly for a couple of seconds first.
    var isWorthShowing: Bool { kind != .busy || Date().timeIntervalSince(since) >= 2 }

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
