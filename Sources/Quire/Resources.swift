import Foundation

/// Where Quire's run-time resources (the scene manifest, style sheets) are:
/// `$QUIRE_RESOURCE_DIR` if set; installed, `<prefix>/share/io.github.quire.Quire`
/// beside `<prefix>/bin/quire`; built from source, the tree's `Resources/`.
enum Resources {
    static func path(_ name: String) -> String {
        let candidates = [
            ProcessInfo.processInfo.environment["QUIRE_RESOURCE_DIR"],
            installedDirectory,
            sourceTreeDirectory,
        ].compactMap { $0 }
        for directory in candidates {
            let path = (directory as NSString).appendingPathComponent(name)
            if FileManager.default.fileExists(atPath: path) { return path }
        }
        return (sourceTreeDirectory as NSString).appendingPathComponent(name)
    }

    private static var installedDirectory: String? {
        guard let executable = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") else {
            return nil
        }
        let prefix = ((executable as NSString).deletingLastPathComponent as NSString).deletingLastPathComponent
        return (prefix as NSString).appendingPathComponent("share/io.github.quire.Quire")
    }

    /// Sources/Quire/Resources.swift → Resources/, for builds run from the source tree.
    private static let sourceTreeDirectory: String = {
        let here = "\(#filePath)" as NSString
        let root = (here.deletingLastPathComponent as NSString).deletingLastPathComponent as NSString
        return (root.deletingLastPathComponent as NSString).appendingPathComponent("Resources")
    }()
}
