import FoundationEssentials
import NoteModel
import Storage

/// The record of the last note window that closed (its `NoteWindowState`, as
/// JSON): a window opened afresh (nothing of its own to restore) takes its
/// size, as GNOME apps open their next window at the last one's size, and a
/// main window on the same note puts the cursor back where it was. Kept in the
/// state folder (`last-window.json`); a missing or unreadable file means the
/// defaults.
enum LastWindowFile {
    /// The file's path in the app's state folder.
    static func path(in directories: AppDirectories) -> String {
        FilePaths.join(directories.stateDirectory, "last-window.json")
    }

    /// The last window recorded at `path`, or nil (no file, or one that does not
    /// read as a plausible window with a size, which is logged and left as it is).
    static func load(from path: String) -> NoteWindowState? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        guard let window = try? JSONDecoder().decode(NoteWindowState.self, from: data), window.size != nil, window.isPlausible
        else {
            Log.error("\(path) does not describe a window; new windows open at the default size")
            return nil
        }
        return window
    }

    /// Writes `window` to `path` in one step (`SyncedFile.replace`), readable
    /// by this user alone; a failure is logged, and new windows keep the size
    /// recorded before.
    static func save(_ window: NoteWindowState, to path: String) {
        do {
            try FileManager.default.createDirectory(
                atPath: FilePaths.parent(of: path), withIntermediateDirectories: true,
                attributes: [.posixPermissions: 0o700])
            try SyncedFile.replace(path, with: JSONEncoder().encode(window), permissions: 0o600)
        } catch {
            Log.error("could not record the last window's size in \(path): \(error)")
        }
    }
}
