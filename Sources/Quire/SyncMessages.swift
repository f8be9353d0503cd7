import Foundation
import GtkKit
import NoteSync
import WebDAV

/// What sync says, in the person's language: what a sync did, and why one failed.
enum SyncMessages {
    /// "3 sent, 1 received, 0 conflicts", and the notes moved to the trash or
    /// removed from the server, if any.
    static func summary(of report: SyncReport) -> String {
        var parts = [
            localizedPlural("%d sent", "%d sent", count: report.sent),
            localizedPlural("%d received", "%d received", count: report.received),
            localizedPlural("%d conflict", "%d conflicts", count: report.conflicts),
        ]
        if report.trashed > 0 {
            parts.append(localizedPlural("%d moved to the trash", "%d moved to the trash", count: report.trashed))
        }
        if report.removed > 0 {
            parts.append(localizedPlural("%d removed from the server", "%d removed from the server", count: report.removed))
        }
        if !report.postponed.isEmpty {
            parts.append(localizedPlural(
                "%d left for the next sync", "%d left for the next sync", count: report.postponed.count))
        }
        return parts.joined(separator: localized(", "))
    }

    /// Why a sync stopped, in plain words.
    static func reason(_ error: SyncError) -> String {
        switch error {
        case .notSetUp:
            localized("Sync is not set up: give a server with quire --sync-setup URL --sync-user NAME.")
        case .noPassword:
            localized("No password is known for the sync account: give it again in Preferences (or with quire --sync-setup).")
        case let .massDeletion(local, remote):
            localized(
                "This sync would move %s notes to the trash and remove %s files from the server, more than half of them; it stopped to ask first.",
                String(local), String(remote))
        case let .server(error):
            reason(error)
        case .diskFull:
            localized("The disk is full, so the sync could not write to your notes. Free some space; the next sync will finish the job.")
        case .notesBusy:
            localized("Another program is using your notes file; the next sync will try again.")
        case let .storage(message):
            localized("The notes could not be read or written: %s", message)
        }
    }

    /// Why the server did not do what was asked, in plain words.
    static func reason(_ error: WebDAVError) -> String {
        switch error {
        case let .unreachable(detail): localized("The server could not be reached (%s).", detail)
        case let .certificate(detail): localized("The server's certificate is not trusted (%s).", detail)
        case .unauthorized: localized("The server refused the user name or password.")
        case .forbidden: localized("The server does not allow writing there: the folder is read-only.")
        case .notFound: localized("The folder is not on the server.")
        case .preconditionFailed: localized("A file changed on the server during the sync; the next sync takes it in.")
        case .insufficientStorage: localized("The server is out of space.")
        case let .server(status, reason): localized("The server failed (%s %s).", String(status), reason)
        case let .malformedListing(detail): localized("The server's answer could not be read as a WebDAV folder (%s).", detail)
        case let .invalidAddress(address): localized("“%s” is not a web address: it should start with https:// or http://.", address)
        }
    }

    /// The title of the copy kept of the server's version of a note changed on
    /// both sides: "Groceries (conflict 2026-11-23 10:42)".
    static func conflictTitle(_ title: String, at date: Date) -> String {
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        return localized("%s (conflict %s)", title, formatter.string(from: date))
    }
}
