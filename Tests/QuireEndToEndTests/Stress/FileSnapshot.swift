import Foundation

/// The files under a folder with their contents, to tell afterwards whether
/// anything was created, changed or removed.
struct FileSnapshot {
    private let contents: [String: Data]

    /// The files under `root` now (those root can read).
    init(of root: String) {
        contents = FileSnapshot.read(root)
    }

    /// What differs under `root` from the snapshot (nil if nothing), leaving
    /// out paths that start with any of `ignoring` (relative to `root`).
    func changes(in root: String, ignoring: [String] = []) -> String? {
        let now = FileSnapshot.read(root).filter { path, _ in !ignoring.contains { path.hasPrefix($0) } }
        let before = contents.filter { path, _ in !ignoring.contains { path.hasPrefix($0) } }
        let added = Set(now.keys).subtracting(before.keys).sorted()
        let removed = Set(before.keys).subtracting(now.keys).sorted()
        let changed = before.keys.filter { now[$0] != nil && now[$0] != before[$0] }.sorted()
        guard !(added.isEmpty && removed.isEmpty && changed.isEmpty) else { return nil }
        return "added \(added), removed \(removed), changed \(changed)"
    }

    private static func read(_ root: String) -> [String: Data] {
        var files: [String: Data] = [:]
        guard let walker = FileManager.default.enumerator(atPath: root) else { return files }
        while let relative = walker.nextObject() as? String {
            var isFolder: ObjCBool = false
            let path = (root as NSString).appendingPathComponent(relative)
            if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue {
                files[relative] = FileManager.default.contents(atPath: path) ?? Data()
            }
        }
        return files
    }
}
