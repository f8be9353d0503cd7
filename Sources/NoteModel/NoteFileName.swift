import FoundationEssentials

/// File names for exported notes: a note's title made safe for any file
/// system (Linux, macOS, Windows, FAT and SMB shares), and unique in its
/// folder; and for synced notes, the name Nextcloud's Notes app gives.
public enum NoteFileName {
    /// The longest base name, in UTF-8 bytes. The file systems' limit is 255;
    /// the extension, a number and a server's name for the file while it
    /// arrives need room (Nextcloud's ".ocTransferId…part" is 28 bytes,
    /// rclone's ".….partial" 17).
    static let maximumBaseBytes = 200

    /// Names Windows keeps for devices, whatever the extension.
    private static let reservedNames: Set<String> = Set(
        ["CON", "PRN", "AUX", "NUL"] + (1...9).flatMap { ["COM\($0)", "LPT\($0)"] })

    /// `title` as a base name: characters no file system takes become "-",
    /// control and invisible format characters go (but the joiners, which
    /// make one emoji of several and shape Persian and Indic words), blanks
    /// and dots at the ends go, Windows' device names get a "_" after them;
    /// `fallback` when nothing is left.
    public static func base(for title: String, fallback: String) -> String {
        var name = ""
        for scalar in title.unicodeScalars {
            switch scalar {
            case "/", "\\", ":", "*", "?", "\"", "<", ">", "|": name.unicodeScalars.append("-")
            case _ where isDropped(scalar): continue
            default: name.unicodeScalars.append(scalar)
            }
        }
        name = trimmed(cut(trimmed(name), toBytes: maximumBaseBytes))
        if name.isEmpty { return fallback }
        let stem = name.split(separator: ".", maxSplits: 1).first.map(String.init) ?? name
        return reservedNames.contains(stem.uppercased()) ? name + "_" : name
    }

    /// Whether `scalar` is left out of a file name: a control character, or an
    /// invisible format character (a direction override, a soft hyphen, a
    /// byte-order mark) other than the zero-width joiner and non-joiner.
    private static func isDropped(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control: true
        case .format: scalar != "\u{200D}" && scalar != "\u{200C}"
        default: false
        }
    }

    /// The longest title Nextcloud's Notes app gives a file, in characters.
    static let nextcloudMaximumTitle = 100

    /// `title` as Nextcloud's Notes app makes a file name of it (its
    /// `getSafeTitle`): the characters some file system refuses
    /// (`*|/\:"<>?`) removed, not replaced; every blank a plain space;
    /// leading dots and blanks dropped (no hidden file), the ends trimmed;
    /// at most 100 characters; `fallback` when nothing is left. Sync names new
    /// files so, so that the Notes apps name them the same way. Unlike the
    /// app, whose names a server's disk refuses past 255 bytes (85 Chinese
    /// characters, 63 emoji), the name is also cut to `maximumBaseBytes`,
    /// between characters (an emoji of several code points stays whole).
    public static func nextcloudBase(for title: String, fallback: String) -> String {
        var name = nextcloudSafe(title)
        if name.unicodeScalars.count > nextcloudMaximumTitle {
            name = String(String.UnicodeScalarView(name.unicodeScalars.prefix(nextcloudMaximumTitle)))
            name = name.trimmingSpaces()
        }
        if name.utf8.count > maximumBaseBytes { name = cut(name, toBytes: maximumBaseBytes).trimmingSpaces() }
        return name.isEmpty ? fallback : name
    }

    /// `name` without as many characters at its end as it takes to fit in
    /// `limit` UTF-8 bytes; a character of several code points (an emoji
    /// sequence, a letter and its accent) goes whole or stays whole.
    static func cut(_ name: String, toBytes limit: Int) -> String {
        var name = name
        while name.utf8.count > limit { name.removeLast() }
        return name
    }

    /// `text` with what Nextcloud's Notes app removes from a name or a
    /// category's part: `*|/\:"<>?` and control characters gone, blanks made
    /// spaces, leading dots and blanks dropped, the ends trimmed.
    static func nextcloudSafe(_ text: String) -> String {
        var name = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "*", "|", "/", "\\", ":", "\"", "<", ">", "?": continue
            case _ where scalar.properties.isWhitespace: name.unicodeScalars.append(" ")
            case _ where isDropped(scalar): continue
            default: name.unicodeScalars.append(scalar)
            }
        }
        let scalars = name.unicodeScalars
        guard let first = scalars.firstIndex(where: { $0 != "." && $0 != " " }) else { return "" }
        return String(scalars[first...]).trimmingSpaces()
    }

    /// `base` + `.extension`, or `base (2)` and on, whichever no name in `taken`
    /// has (compared without regard to case, as macOS and Windows compare). The
    /// name returned is added to `taken`.
    public static func unique(_ base: String, extension pathExtension: String, taken: inout Set<String>) -> String {
        var number = 1
        while true {
            let name = number == 1 ? "\(base).\(pathExtension)" : "\(base) (\(number)).\(pathExtension)"
            if taken.insert(name.lowercased()).inserted { return name }
            number += 1
        }
    }

    private static func trimmed(_ name: String) -> String {
        let ends: (Unicode.Scalar) -> Bool = { $0 == "." || $0.properties.isWhitespace }
        let scalars = name.unicodeScalars
        guard let first = scalars.firstIndex(where: { !ends($0) }), let last = scalars.lastIndex(where: { !ends($0) })
        else { return "" }
        return String(scalars[first...last])
    }
}
