import Foundation

/// The person's spelling preferences: whether notes are checked as they are
/// typed (on unless turned off), and in which language (nil: the system's).
/// Kept as JSON in the preferences folder (`preferences.json`); a file that
/// does not read is logged, left as it is until a preference changes, and
/// then kept aside as `preferences.json.unreadable`.
struct SpellingPreferences: Codable, Equatable {
    var checksSpelling = true
    var language: String?

    /// The preferences recorded at `path`; the defaults if there are none (or
    /// none that read, which `readable` then says).
    static func load(from path: String) -> (preferences: SpellingPreferences, readable: Bool) {
        guard let data = FileManager.default.contents(atPath: path) else { return (SpellingPreferences(), true) }
        guard let preferences = try? JSONDecoder().decode(SpellingPreferences.self, from: data) else {
            Log.error("\(path) does not read as Quire's preferences; spelling is checked as by default until a preference changes")
            return (SpellingPreferences(), false)
        }
        return (preferences, true)
    }

    /// Writes the preferences to `path` in one step (written aside, then
    /// renamed), an unreadable file there first moved aside; a failure is logged.
    func save(to path: String, replacingUnreadable: Bool) {
        do {
            try FileManager.default.createDirectory(
                atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true,
                attributes: [.posixPermissions: 0o700])
            if replacingUnreadable, FileManager.default.fileExists(atPath: path) {
                let aside = path + ".unreadable"
                try? FileManager.default.removeItem(atPath: aside)
                try FileManager.default.moveItem(atPath: path, toPath: aside)
            }
            try JSONEncoder().encode(self).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            Log.error("could not save the preferences in \(path): \(error)")
        }
    }
}
