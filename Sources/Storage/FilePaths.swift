import Glibc

/// Paths as strings, taken apart and put together as NSString's path methods
/// do for the paths Quire makes (absolute folders and plain names), without
/// the whole of Foundation: the app links FoundationEssentials only.
public enum FilePaths {
    /// `path` with `component` after a single slash ("/a" and "b" give "/a/b");
    /// `component` alone if `path` is empty.
    public static func join(_ path: String, _ component: String) -> String {
        let tail = String(component.drop { $0 == "/" })
        guard !path.isEmpty else { return trimmed(component) }
        let head = trimmed(path)
        guard !tail.isEmpty else { return head }
        return trimmed(head == "/" ? "/" + tail : head + "/" + tail)
    }

    /// The folder `path` is in: "/a/b" gives "/a", "/a" gives "/", a bare name "".
    public static func parent(of path: String) -> String {
        let whole = trimmed(path)
        guard whole != "/" else { return "/" }
        guard let slash = whole.lastIndex(of: "/") else { return "" }
        let folder = String(whole[..<slash])
        return folder.isEmpty ? "/" : trimmed(folder)
    }

    /// The last part of `path`: "/a/b.md" gives "b.md", "/" gives "/".
    public static func lastComponent(of path: String) -> String {
        let whole = trimmed(path)
        guard whole != "/", let slash = whole.lastIndex(of: "/") else { return whole }
        return String(whole[whole.index(after: slash)...])
    }

    /// The extension of `path`'s last part, without its dot ("md"); "" if it has none.
    public static func pathExtension(of path: String) -> String {
        let name = lastComponent(of: path)
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
        return String(name[name.index(after: dot)...])
    }

    /// `path` with a leading "~" or "~user" made that person's home folder.
    public static func expandingTilde(_ path: String) -> String {
        guard path.hasPrefix("~") else { return path }
        let user = path.dropFirst().prefix { $0 != "/" }
        let rest = String(path.dropFirst(1 + user.count))
        let home = user.isEmpty ? homeDirectory() : homeDirectory(of: String(user))
        guard let home else { return path }
        return rest.isEmpty ? home : join(home, rest)
    }

    /// The person's home folder: `$HOME`, else their entry in the password database.
    public static func homeDirectory() -> String {
        if let home = ProcessEnvironment.value("HOME"), !home.isEmpty { return home }
        return getpwuid(getuid()).flatMap { $0.pointee.pw_dir }.map { String(cString: $0) } ?? "/"
    }

    private static func homeDirectory(of user: String) -> String? {
        getpwnam(user).flatMap { $0.pointee.pw_dir }.map { String(cString: $0) }
    }

    /// `path` without trailing slashes, and without doubled ones inside ("/" stays "/").
    private static func trimmed(_ path: String) -> String {
        guard path.contains("/") else { return path }
        var result = ""
        var lastWasSlash = false
        for character in path {
            if character == "/" && lastWasSlash { continue }
            lastWasSlash = character == "/"
            result.append(character)
        }
        while result.count > 1 && result.hasSuffix("/") { result.removeLast() }
        return result
    }
}
