import Foundation
import Storage

/// The last note window that closed: its size, and where it was in its note.
/// A window opened afresh (nothing of its own to restore) takes that size, as
/// GNOME apps open their next window at the last one's size, and a main window
/// on the same note puts the cursor back where it was. Kept in the state folder
/// (`last-window.json`); a missing or unreadable file means the defaults.
struct LastWindow: Codable, Equatable {
    var width: Int32
    var height: Int32
    var maximized: Bool
    var noteID: UUID?
    var cursor: Int32
    var selectionBound: Int32

    /// Sizes outside this range are not a window someone used: the defaults apply.
    static let plausibleSizes: ClosedRange<Int32> = 200...20_000

    /// The file's path in the app's state folder.
    static func path(in directories: AppDirectories) -> String {
        (directories.stateDirectory as NSString).appendingPathComponent("last-window.json")
    }

    /// The last window recorded at `path`, or nil (no file, or one that does not
    /// read as a plausible window, which is logged and left as it is).
    static func load(from path: String) -> LastWindow? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        guard let window = try? JSONDecoder().decode(LastWindow.self, from: data),
              plausibleSizes.contains(window.width), plausibleSizes.contains(window.height),
              window.cursor >= NoteActivity.endOfNote, window.selectionBound >= NoteActivity.endOfNote
        else {
            Log.error("\(path) does not describe a window; new windows open at the default size")
            return nil
        }
        return window
    }

    /// Writes the record to `path` in one step (written aside, then renamed);
    /// a failure is logged, and new windows keep the size recorded before.
    func save(to path: String) {
        do {
            try FileManager.default.createDirectory(
                atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true,
                attributes: [.posixPermissions: 0o700])
            try JSONEncoder().encode(self).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            Log.error("could not record the last window's size in \(path): \(error)")
        }
    }
}
