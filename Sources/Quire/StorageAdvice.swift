import GtkKit
import Scenes
import Storage

/// What a person can do about trouble with one of Quire's files, in words
/// that fit the cause: permissions are not damage, and a full disk is neither.
enum StorageAdvice {
    /// Advice for trouble of `kind` with the notes file at `path`.
    static func forNotes(_ kind: StorageErrorKind, path: String) -> String {
        switch kind {
        case .permissionDenied:
            return localized("Quire may not read or write %s. Check that you own the file and its folder and may write to them (for example with “ls -l”). Nothing was changed.", path)
        case .diskFull:
            return localized("The disk is full. Free some space and start Quire again. Nothing was changed.")
        case .busy:
            return localized("Another program holds %s locked. Close it, or wait a moment, and start Quire again. Nothing was changed.", path)
        case .newerVersion:
            return localized("A newer version of Quire wrote %s. Use that version; this one left the file untouched.", path)
        case .foreign:
            return localized("%s belongs to another program. Quire left it untouched; move it elsewhere and start Quire again to begin a new notebook.", path)
        case .damaged:
            return localized("%s is damaged. Nothing was changed. Keep a copy of it, then move it aside to start with an empty notebook.", path)
        case .inTheWay:
            return localized("Something else is in the way at %s (a folder where a file should be, or a file where a folder should be). Move it away and start Quire again.", path)
        case .other:
            return localized("Nothing was changed.")
        }
    }

    /// Advice for trouble of `kind` with the saved windows at `path`.
    static func forWindows(_ kind: SessionStoreProblem.Kind, path: String) -> String {
        switch kind {
        case .permissionDenied:
            return localized("Check that you own %s and its folder and may write to them; your notes are not affected.", DisplayPath.of(path))
        case .diskFull:
            return localized("The disk is full; free some space, and Quire saves its windows again from its next start.")
        case .newerVersion:
            return localized("A newer version of Quire saved them; they were left untouched for it.")
        case .foreign:
            return localized("Another program's file is at %s; it was left untouched. Move it elsewhere.", DisplayPath.of(path))
        case .inTheWay:
            return localized("Something else is in the way at %s; move it away.", DisplayPath.of(path))
        case .busy, .damaged, .other:
            return localized("Your notes are not affected.")
        }
    }
}
