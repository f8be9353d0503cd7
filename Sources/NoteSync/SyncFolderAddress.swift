import FoundationEssentials
import WebDAV

/// The WebDAV folders an address a person gave may mean: the address itself
/// (a WebDAV folder's URL, with the remote folder's name after it if one is
/// given), and for the base URL of a Nextcloud or ownCloud server, the
/// user's Notes folder there (`remote.php/dav/files/<user>/Notes/`), where
/// Nextcloud's Notes apps keep notes. Connecting tries them in this order.
public enum SyncFolderAddress {
    /// The Notes apps' folder.
    public static let nextcloudNotesFolder = "Notes"

    /// `notesFolder`: the Notes app's folder on a Nextcloud server (its
    /// settings may name another than "Notes", in the user's language).
    public static func candidates(
        for address: String, user: String, folder: String?, notesFolder: String = nextcloudNotesFolder
    ) -> [String] {
        let base = self.base(of: address)
        let folderPart = folder.map(encoded).map { $0.isEmpty ? "" : $0 + "/" } ?? ""
        if base.contains("/remote.php/") { return [base + folderPart] }
        let notes = folderPart.isEmpty ? encoded(notesFolder) + "/" : folderPart
        let nextcloud = base + "remote.php/dav/files/" + encoded(user) + "/" + notes
        return folderPart.isEmpty ? [base, nextcloud] : [base + folderPart, nextcloud]
    }

    /// `address` as a base URL: https:// if it names no scheme, ending in "/".
    public static func base(of address: String) -> String {
        var base = address.trimmingSpaces()
        if !base.contains("://") { base = "https://" + base }
        if !base.hasSuffix("/") { base += "/" }
        return base
    }

    /// Where a Nextcloud server at `address` answers with its Notes app's
    /// settings (`notesPath`, `fileSuffix`); nil for an address that is a
    /// WebDAV folder's already.
    public static func notesAppSettings(of address: String) -> String? {
        let base = base(of: address)
        return base.contains("/remote.php/") ? nil : base + "index.php/apps/notes/api/v1/settings"
    }

    /// The server an address is on, as "scheme://host:port" in lower case
    /// (a certificate trusted for one server is for that one only).
    public static func server(of address: String) -> String? {
        guard let url = URL(string: candidates(for: address, user: "", folder: nil)[0]),
              let scheme = url.scheme?.lowercased(), let host = url.host?.lowercased()
        else { return nil }
        return "\(scheme)://\(host):\(url.port ?? (scheme == "https" ? 443 : 80))"
    }

    /// Whether `url` is a Nextcloud or ownCloud user's folder (`remote.php/dav/files/<user>/…`).
    public static func isNextcloudNotesFolder(_ url: String) -> Bool {
        url.contains("/remote.php/dav/files/")
    }

    /// A folder path's segments percent-encoded, its slashes kept: every byte
    /// but those a URL's path allows as they are (Foundation's `urlPathAllowed`) as %XX.
    private static func encoded(_ path: String) -> String {
        path.split(separator: "/").map { RemoteName.percentEncoded($0.utf8, keeping: pathAllowed.contains) }.joined(separator: "/")
    }

    /// The bytes a segment of a URL's path keeps as they are.
    private static let pathAllowed = Set("!$&'()*+,-.0123456789:=@ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz~".utf8)
}
