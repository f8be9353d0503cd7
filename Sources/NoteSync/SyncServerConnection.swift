public import FoundationEssentials
import NoteModel
public import WebDAV

/// Connecting to a server as a person sets sync up (the app's Preferences,
/// or `quire --sync-setup`): find the WebDAV folder the address means, check
/// that the user may write there, and keep a certificate the person chose to
/// trust. What is then kept of the account (the notes, the keyring) is the
/// app's to do.
@MainActor
public enum SyncServerConnection {
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
    public static func connect(
        address: String, user: String, password: String, folder: String?, trust: String?
    ) async -> Result<ConnectedSyncFolder, WebDAVError> {
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
                return .success(ConnectedSyncFolder(folderURL: client.folder, safety: try await client.probeWriteSafety(), fileSuffix: suffix))
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
              let settings = try? JSONDecoder().decode(NotesAppSettings.self, from: data),
              let path = settings.notesPath.map(NoteCategory.normalized), !path.isEmpty
        else { return nil }
        return (path, settings.fileSuffix == ".txt" ? ".txt" : ".md")
    }

    /// The certificate the server at `address` offers, if this computer does
    /// not trust it: for a person to check and trust.
    public static func offeredCertificate(address: String, user: String, password: String) async -> OfferedCertificate? {
        guard let folder = SyncFolderAddress.candidates(for: address, user: user, folder: nil).first,
              let client = try? WebDAVClient(folder: folder, user: user, password: password)
        else { return nil }
        return await client.offeredCertificate()
    }

    /// Keeps `pem` (certificates) as the ones trusted for the sync server,
    /// next to the notes at `notesPath`, readable by this user alone (written
    /// whole, then renamed into place): a file elsewhere could be removed, or
    /// replaced by whoever can write there. Returns its path.
    public nonisolated static func trust(pem: Data, notesPath: String) throws -> String {
        let folder = URL(fileURLWithPath: notesPath).deletingLastPathComponent()
        let path = folder.appendingPathComponent("sync-server-certificate.pem").path
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        try SyncedFile.replace(path, with: pem, permissions: 0o600)
        return path
    }

    /// Whether `address` would send the password and notes unencrypted (http://).
    public nonisolated static func isUnencrypted(_ address: String) -> Bool {
        address.trimmingSpaces().lowercased().hasPrefix("http://")
    }
}
