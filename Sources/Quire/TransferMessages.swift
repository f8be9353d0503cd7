import FoundationEssentials
import Storage
import GtkKit
import NoteModel

/// What import and export say, in the person's language: the summary of an
/// import, why a file was skipped, why an export failed.
enum TransferMessages {
    /// "Imported 120 notes", with how many files were already notes and how
    /// many were skipped ("Imported 120 notes; 2 files skipped").
    static func headline(of result: NoteImport) -> String {
        let refused = result.refused.count
        let duplicates = result.skipped.count - refused
        var parts = [result.imported.isEmpty
            ? localized("No notes imported")
            : localizedPlural("Imported %d note", "Imported %d notes", count: result.imported.count)]
        if duplicates > 0 {
            parts.append(localizedPlural("%d file was already a note", "%d files were already notes", count: duplicates))
        }
        if refused > 0 { parts.append(localizedPlural("%d file skipped", "%d files skipped", count: refused)) }
        return parts.joined(separator: localized("; "))
    }

    /// The headline and, after a colon, the first `limit` files skipped with
    /// their reasons ("…; 2 files skipped: a.txt (not UTF-8 text), b.md (empty)").
    static func summary(of result: NoteImport, limit: Int = 3) -> String {
        let refused = result.refused
        guard !refused.isEmpty else { return headline(of: result) }
        var listed = refused.prefix(limit).map {
            localized("%s (%s)", FilePaths.lastComponent(of: $0.path), reason($0.reason))
        }
        if refused.count > limit { listed.append(localizedPlural("%d more", "%d more", count: refused.count - limit)) }
        return headline(of: result) + localized(": ") + listed.joined(separator: localized(", "))
    }

    /// Why a file did not become a note, as a short phrase.
    static func reason(_ reason: ImportSkipReason) -> String {
        switch reason {
        case .notFound: localized("no such file or folder")
        case .notMarkdownOrText: localized("not a .md or .txt file")
        case let .unreadable(why): localized("cannot be read: %s", why)
        case .tooLarge: localized("larger than 64 MB")
        case .notUTF8: localized("not UTF-8 text; convert it to UTF-8 first")
        case .binary: localized("not a text file")
        case .empty: localized("empty")
        case .alreadyANote: localized("already a note")
        }
    }

    /// Why an export wrote nothing.
    static func exportProblem(_ error: any Error) -> String {
        switch error as? NoteExportError {
        case let .folderMissing(path)?: localized("there is no folder %s", DisplayPath.of(path))
        case let .notAFolder(path)?: localized("%s is a file, not a folder", DisplayPath.of(path))
        case let .cannotWrite(path, why)?: localized("%s could not be written (%s)", DisplayPath.of(path), why)
        case nil: "\(error)"
        }
    }
}
