import FoundationEssentials
import NoteModel
import Storage

/// The app's preferences (`AppPreferences`), kept as JSON in the preferences
/// folder (`preferences.json`) and told to whoever follows them when one
/// changes. A file that does not read is logged, left as it is until a
/// preference changes, and then kept aside as `preferences.json.unreadable`.
@MainActor
final class Preferences {
    /// The app's, read from the preferences folder when first used.
    static let shared = Preferences(path: AppDirectories(applicationID: AppDelegate.applicationID).configFile("preferences.json"))

    private let path: String
    /// Whether the file the preferences came from did not read (and is kept aside before it is replaced).
    private var fileUnreadable = false
    private let followers = Followers<Void>()

    /// The preferences now; a change is saved at once and told to the followers.
    var values: AppPreferences {
        didSet {
            guard values != oldValue else { return }
            save()
            followers.tell(())
        }
    }

    init(path: String) {
        self.path = path
        values = AppPreferences()
        guard let data = FileManager.default.contents(atPath: path) else { return }
        do {
            values = try JSONDecoder().decode(AppPreferences.self, from: data)
        } catch {
            Log.error("\(path) does not read as Quire's preferences (\(error)); the defaults hold until a preference changes")
            fileUnreadable = true
        }
    }

    /// Calls `handler` whenever a preference changes, for as long as `owner` lives.
    func follow(by owner: AnyObject, _ handler: @escaping @MainActor () -> Void) {
        followers.add(owner) { _ in handler() }
    }

    /// Writes the file in one step (`SyncedFile.replace`), readable by this
    /// user alone; a failure is logged.
    private func save() {
        do {
            try FileManager.default.createDirectory(
                atPath: FilePaths.parent(of: path), withIntermediateDirectories: true,
                attributes: [.posixPermissions: 0o700])
            if fileUnreadable, FileManager.default.fileExists(atPath: path) {
                let aside = path + ".unreadable"
                try? FileManager.default.removeItem(atPath: aside)
                try FileManager.default.moveItem(atPath: path, toPath: aside)
            }
            fileUnreadable = false
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            try SyncedFile.replace(path, with: encoder.encode(values), permissions: 0o600)
        } catch {
            Log.error("could not save the preferences in \(path): \(error)")
        }
    }
}
