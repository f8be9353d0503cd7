import FoundationEssentials

/// A note's address, `quire://note/<uuid>`: what the command line, links in
/// other apps, and note windows' activation conditions use.
enum NoteLink {
    static let scheme = "quire"

    /// The link to the note `id`.
    static func url(for id: UUID) -> URL {
        URL(string: "\(scheme)://note/\(id.uuidString.lowercased())")!
    }

    /// The note a link points at, or nil if `url` is not a note link.
    static func noteID(in url: URL) -> UUID? {
        guard url.scheme?.lowercased() == scheme, url.host?.lowercased() == "note" else { return nil }
        let path = url.path.split(separator: "/")
        guard path.count == 1 else { return nil }
        return UUID(uuidString: String(path[0]))
    }
}
