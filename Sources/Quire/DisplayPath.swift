import FoundationEssentials
import Storage

/// Paths as a person reads and types them: the home folder as `~`.
enum DisplayPath {
    /// `path` with a leading home folder written `~`.
    static func of(_ path: String) -> String {
        let home = FilePaths.homeDirectory()
        guard !home.isEmpty, home != "/", path == home || path.hasPrefix(home + "/") else { return path }
        return "~" + path.dropFirst(home.count)
    }
}
