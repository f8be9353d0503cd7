import Foundation
import GtkKit
import Keyring
import NoteModel
import NoteSync
import WebDAV

/// Connecting to a server as a person sets sync up (Preferences, or
/// `quire --sync-setup`): find the WebDAV folder the address means, check
/// that the user may write there, then keep the account and its password.
@MainActor
enum SyncConnection {
    /// The first folder `address` may mean that answers as a WebDAV folder
    /// `user` may write to (a hidden file written and removed); or the most
    /// telling failure (a refused password or certificate, then an answer
    /// that is not a listing, before no answer or a "not found").
    /// A folder the person named, or the Notes folder of a Nextcloud account
    /// that has none yet, is made if its parent is there (as Nextcloud's
    /// Notes apps make it); an address given whole never is.
    /// Along with the folder, how the server keeps one device's write from
    /// replacing another's, found by writing a hidden file there
    /// (`WebDAVClient.probeWriteSafety`), which also shows the folder is writable.
    /// On a Nextcloud server whose Notes app answers, its settings name the
    /// notes folder (which may be in the user's language) and the suffix of
    /// new files, as the Notes apps use them.
    static func connect(
        address: String, user: String, password: String, folder: String?, trust: String?
    ) async -> Result<(folderURL: String, safety: WriteSafety, fileSuffix: String?), WebDAVError> {
        var failures: [WebDAVError] = []
        let settings = folder == nil ? await notesAppSettings(address: address, user: user, password: password, trust: trust) : nil
        let notesFolder = settings?.notesPath ?? SyncFolderAddress.nextcloudNotesFolder
        for candidate in SyncFolderAddress.candidates(for: address, user: user, folder: folder, notesFolder: notesFolder) {
            do {
                let client = try WebDAVClient(folder: candidate, user: user, password: password, trustedCertificates: trust)
                do {
                    try await client.checkFolder()
                } catch .notFound where folder != nil || SyncFolderAddress.isNextcloudNotesFolder(candidate) {
                    try await client.createFolder()
                }
                let suffix = SyncFolderAddress.isNextcloudNotesFolder(client.folder) ? settings?.fileSuffix : nil
                return .success((client.folder, try await client.probeWriteSafety(), suffix))
            } catch {
                failures.append(error)
            }
        }
        let telling = failures.first { [.unauthorized, .forbidden].contains($0) }
            ?? failures.first { if case .certificate = $0 { true } else { false } }
            ?? failures.first { if case .malformedListing = $0 { true } else { false } }
            ?? failures.first { if case .unreachable = $0 { true } else { false } }
            ?? failures.first
        return .failure(telling ?? .notFound)
    }

    /// The Nextcloud Notes app's settings at `address`: its notes folder and
    /// the suffix of new files (".md" or ".txt"); nil where no Notes app
    /// answers (another server, the app not installed).
    static func notesAppSettings(
        address: String, user: String, password: String, trust: String?
    ) async -> (notesPath: String, fileSuffix: String)? {
        guard let url = SyncFolderAddress.notesAppSettings(of: address),
              let client = try? WebDAVClient(folder: SyncFolderAddress.base(of: address), user: user, password: password,
                                             trustedCertificates: trust),
              let data = try? await client.document(at: url),
              let settings = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let path = (settings["notesPath"] as? String).map(NoteCategory.normalized), !path.isEmpty
        else { return nil }
        let suffix = settings["fileSuffix"] as? String
        return (path, suffix == ".txt" ? ".txt" : ".md")
    }

    /// The certificate the server at `address` offers, if this computer does
    /// not trust it: for a person to check and trust (Preferences).
    static func offeredCertificate(address: String, user: String, password: String) async -> OfferedCertificate? {
        guard let folder = SyncFolderAddress.candidates(for: address, user: user, folder: nil).first,
              let client = try? WebDAVClient(folder: folder, user: user, password: password)
        else { return nil }
        return await client.offeredCertificate()
    }

    /// Keeps `pem` (certificates) as the ones trusted for the sync server,
    /// next to the notes at `notesPath`, readable by this user alone (written
    /// whole, then renamed into place): a file elsewhere could be removed, or
    /// replaced by whoever can write there. Returns its path.
    static func trust(pem: Data, notesPath: String) throws -> String {
        let folder = URL(fileURLWithPath: notesPath).deletingLastPathComponent()
        let path = folder.appendingPathComponent("sync-server-certificate.pem").path
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let temporary = path + ".new"
        if let code = SyncedFile.write(pem, to: temporary, permissions: 0o600) { throw POSIXError(POSIXErrorCode(rawValue: code) ?? .EIO) }
        guard rename(temporary, path) == 0 else {
            let code = errno
            unlink(temporary)
            throw POSIXError(POSIXErrorCode(rawValue: code) ?? .EIO)
        }
        return path
    }

    /// Whether `address` would send the password and notes unencrypted (http://).
    static func isUnencrypted(_ address: String) -> Bool {
        address.trimmingCharacters(in: .whitespaces).lowercased().hasPrefix("http://")
    }

    /// What a person is told of a server that cannot keep two devices from
    /// writing one note at the same moment (`WriteSafety.none`); nil for a server that can.
    static func warning(for safety: WriteSafety?) -> String? {
        guard safety == WriteSafety.none else { return nil }
        return localized("This server cannot keep two devices from writing a note at the same moment: it ignores WebDAV's preconditions and locks. Quire checks each file right before and after writing it and keeps both versions of any clash it sees, but two writes in the same instant could still replace one another.")
    }

    /// Keeps `account` in the notes at `notesPath` and its password in the
    /// desktop's keyring, and in `controller`'s memory for this run. Returns
    /// what went wrong: the notes could not be written (nothing was kept), or
    /// the keyring could not keep the password (kept for this run only).
    static func keep(
        _ account: SyncAccount, password: String, notesPath: String, controller: SyncController
    ) async -> (stored: Bool, problem: String?) {
        do {
            let store = try NoteStore(path: notesPath)
            try store.setSyncAccount(account)
            store.close()
        } catch {
            return (false, localized("Sync is not set up: the notes could not be opened (%s).", "\(error)"))
        }
        controller.remember(password, for: account)
        do {
            try await Keyring.store(
                password, server: account.folderURL, user: account.userName,
                label: localized("Quire sync password for %s", account.folderURL))
            return (true, nil)
        } catch {
            return (true, localized(
                "The desktop's keyring could not keep the password (%s): it is kept for this run only.", error.message))
        }
    }
}
