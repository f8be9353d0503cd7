import FoundationEssentials
import Storage

/// Where Quire's run-time resources (the scene manifest, style sheets) are:
/// `$QUIRE_RESOURCE_DIR` if set; installed, `<prefix>/share/io.github.quire.Quire`
/// for the app at `<prefix>/libexec/quire`; a debug build from source, the tree's `Resources/`.
enum Resources {
    static func path(_ name: String) -> String {
        let candidates = [
            ProcessEnvironment.value("QUIRE_RESOURCE_DIR"),
            installedDirectory,
            sourceTreeDirectory,
        ].compactMap { $0 }
        for directory in candidates {
            let path = FilePaths.join(directory, name)
            if FileManager.default.fileExists(atPath: path) { return path }
        }
        return FilePaths.join(candidates.last ?? "", name)
    }

    /// Where the compiled translations are: `$QUIRE_LOCALE_DIR` if set;
    /// installed, `<prefix>/share/locale`; otherwise the system's.
    static var localeDirectory: String {
        if let directory = ProcessEnvironment.value("QUIRE_LOCALE_DIR") { return directory }
        if let installed = installedDirectory, FileManager.default.fileExists(atPath: installed) {
            return FilePaths.join(FilePaths.parent(of: installed), "locale")
        }
        return "/usr/share/locale"
    }

    /// The address of Quire's user help (the Mallard pages of `help/C`) for the
    /// desktop's help viewer: installed, `help:quire`; a debug build from
    /// source, the tree's pages.
    static var helpAddress: String {
        if let installed = installedDirectory {
            let share = FilePaths.parent(of: installed)
            if FileManager.default.fileExists(atPath: FilePaths.join(share, "help/C/quire/index.page")) { return "help:quire" }
        }
        if let resources = sourceTreeDirectory {
            let pages = FilePaths.join(FilePaths.parent(of: resources), "help/C")
            if FileManager.default.fileExists(atPath: FilePaths.join(pages, "index.page")) { return "ghelp:" + pages }
        }
        return "help:quire"
    }

    /// The source tree's icons (`data/icons`, an hicolor tree), for a debug
    /// build run from it, where the app's icon is not installed; nil otherwise.
    static var sourceTreeIcons: String? {
        guard let resources = sourceTreeDirectory else { return nil }
        let icons = FilePaths.join(FilePaths.parent(of: resources), "data/icons")
        return FileManager.default.fileExists(atPath: icons) ? icons : nil
    }

    private static var installedDirectory: String? {
        guard let executable = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") else {
            return nil
        }
        let prefix = FilePaths.parent(of: FilePaths.parent(of: executable))
        return FilePaths.join(prefix, "share/io.github.quire.Quire")
    }

    /// Sources/Quire/Resources.swift → Resources/, for debug builds run from the
    /// source tree. Release builds (what Meson installs) know no source tree.
    private static let sourceTreeDirectory: String? = {
        #if DEBUG
        let root = FilePaths.parent(of: FilePaths.parent(of: FilePaths.parent(of: "\(#filePath)")))
        return FilePaths.join(root, "Resources")
        #else
        return nil
        #endif
    }()
}
