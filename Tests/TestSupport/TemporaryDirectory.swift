import Foundation

/// A fresh folder under the system's temporary folder, removed by `remove()`
/// or, at the latest, when the last reference to it goes.
public final class TemporaryDirectory: Sendable {
    /// The folder's absolute path.
    public let path: String

    /// Creates a new, empty, private folder whose name starts with `prefix`.
    public init(prefix: String = "quire-test") throws {
        let pattern = (NSTemporaryDirectory() as NSString).appendingPathComponent("\(prefix)-XXXXXX")
        var template = Array(pattern.utf8CString)
        guard let created = mkdtemp(&template) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: pattern])
        }
        path = String(cString: created)
    }

    /// Removes the folder: a suite holds its folder for as long as a test runs,
    /// and lets it go with the suite.
    deinit { remove() }

    /// The path of `name` inside the folder.
    public func file(_ name: String) -> String { (path as NSString).appendingPathComponent(name) }

    /// Deletes the folder and everything in it.
    public func remove() { try? FileManager.default.removeItem(atPath: path) }
}
