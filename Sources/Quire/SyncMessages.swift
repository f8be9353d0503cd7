import FoundationEssentials
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
        case let .certificate(problem): reason(problem)
        case .unauthorized: localized("The server refused the user name or password.")
        case .forbidden: localized("The server does not allow writing there: the folder is read-only.")
        case .notFound: localized("The folder is not on the server.")
        case .preconditionFailed: localized("A file changed on the server during the sync; the next sync takes it in.")
        case .locked: localized("Another device is writing to the server; the next sync will try again.")
        case .insufficientStorage: localized("The server is out of space.")
        case let .tooLarge(limit): localized("The server's answer is larger than %s MB; it was not read.", String(limit >> 20))
        case let .timedOut(seconds): localized("The server took longer than %s seconds to answer; the next sync will try again.", String(Int(seconds)))
        case let .server(status, reason): localized("The server failed (%s %s).", String(status), reason)
        case let .malformedListing(detail): localized("The server's answer could not be read as a WebDAV folder (%s).", detail)
        case let .invalidAddress(address): localized("“%s” is not a web address: it should start with https:// or http://.", address)
        }
    }

    /// Why a server's certificate was refused, in plain words.
    static func reason(_ problem: CertificateProblem) -> String {
        switch problem {
        case .changedSinceTrusted:
            localized("The server's certificate is not the one trusted for it: it was replaced, or someone stands between this computer and the server. Check it, and trust it again in Preferences if it is right.")
        case let .unreadableTrust(detail):
            localized("The certificate trusted for the server cannot be read (%s): trust it again in Preferences.", detail)
        case let .noCertificate(detail):
            // TLS's message ends with a full stop of its own.
            localized("The server did not set up a secure connection (%s). If it serves plain http://, write its address starting with http://.",
                      detail.hasSuffix(".") ? String(detail.dropLast()) : detail)
        case let .other(detail):
            localized("The server's certificate is not trusted (%s).", detail)
        case let .faults(faults):
            faults.contains(.expired) ? localized("The server's certificate has expired.")
                : faults.contains(.notYetValid) ? localized("The server's certificate is not valid yet (or this computer's clock is wrong).")
                : faults.contains(.wrongName) ? localized("The server's certificate is made for another name than the one in the address.")
                : faults.contains(.revoked) ? localized("The server's certificate was revoked by its authority.")
                : faults.contains(.insecure) ? localized("The server's certificate is signed with an algorithm too weak to trust.")
                : localized("No authority this computer knows signed the server's certificate. If it is the server's own, check its fingerprint and trust it in Preferences.")
        }
    }

    /// Why one file was left for the next sync, naming it: "“café.md”: the
    /// server could not give it (403 Forbidden)."
    static func reason(_ file: PostponedFile) -> String {
        let name = RemoteName.readable(file.name)
        return switch file.reason {
        case .changedMeanwhile: localized("“%s” changed on the server during the sync; the next sync takes it in.", name)
        case .beingWritten: localized("“%s” is being written by another device; the next sync takes it in.", name)
        case .editedWhileReceived: localized("“%s” was edited here while it was received; the next sync sends the edit.", name)
        case .notText: localized("“%s” is not UTF-8 text, so it was left on the server.", name)
        case let .tooLarge(limit): localized("“%s” is larger than %s MB, the largest note Quire takes, so it was left on the server.", name, String(limit >> 20))
        case .badName: localized("“%s” has a control character in its name, so it was left on the server; rename it there to sync it.", name)
        case .unreadable(.forbidden): localized("“%s”: the server does not let this account read it.", name)
        case .unreadable(.notFound): localized("“%s” was removed from the server during the sync.", name)
        case let .unreadable(.timedOut(seconds)): localized("“%s”: the server took longer than %s seconds to send it.", name, String(Int(seconds)))
        case let .unreadable(error): localized("“%s”: the server could not send it (%s).", name, error.description)
        case .unlistedFolder(.forbidden):
            localized("The folder “%s”: the server does not let this account list it, so the notes in it wait for a later sync.", name)
        case let .unlistedFolder(error):
            localized("The folder “%s”: the server could not list it (%s), so the notes in it wait for a later sync.", name, error.description)
        case let .refused(error):
            localized("“%s”: the server refused to store it (%s). The note stays here, and the next sync tries again.", name, error.description)
        }
    }

    /// The title of the copy kept of the server's version of a note changed on
    /// both sides: "Groceries (conflict 2026-11-23 10:42)".
    static func conflictTitle(_ title: String, at date: Date) -> String {
        localized("%s (conflict %s)", title, LocalDateText.write(Int64(date.timeIntervalSince1970.rounded(.down)), format: "%Y-%m-%d %H:%M"))
    }
}
