import FoundationEssentials
import GtkKit
import Keyring
import NoteModel
import NoteSync
import WebDAV

/// What the app adds to connecting (`SyncServerConnection`, in NoteSync) as a
/// person sets sync up (Preferences, or `quire --sync-setup`): keeping the
/// account and its password, and words for what the server cannot protect.
@MainActor
enum SyncAccountSetup {
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
