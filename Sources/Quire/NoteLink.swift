import FoundationEssentials
import NoteModel

/// A note's address, `quire://note/<uuid>`: what the command line, links in
/// other apps, and note windows' activation conditions use. A row dragged
/// from the list offers it as a Markdown link titled with the note's title:
/// let go in a note, it reads as the title and opens the note on Ctrl+click.
enum NoteLink {
    static let scheme = "quire"

    /// The link to the note `id`.
    static func url(for id: UUID) -> URL {
        URL(string: "\(scheme)://note/\(id.uuidString.lowercased())")!
    }

    /// `[title](quire://note/<uuid>)`, the brackets and backslashes in
    /// `title` escaped (so that the link ends where the title does).
    static func markdown(title: String, for id: UUID) -> String {
        var text = ""
        for character in title {
            if "\\[]".contains(character) { text.append("\\") }
            text.append(character)
        }
        return "[\(text)](\(url(for: id).absoluteString))"
    }

    /// The note that text dropped from a row (`markdown(title:for:)`), or
    /// a bare link, points at; nil for any other text. The whole text must be
    /// the link, as `MarkdownLink` (Ctrl+click's finder) reads it.
    static func noteID(inDropped text: String) -> UUID? {
        guard let target = MarkdownLink.target(in: text, at: 0), text == target || text.hasSuffix("(\(target))") else { return nil }
        return URL(string: target).flatMap(noteID(in:))
    }

    /// The note a link points at, or nil if `url` is not a note link.
    static func noteID(in url: URL) -> UUID? {
        guard url.scheme?.lowercased() == scheme, url.host?.lowercased() == "note" else { return nil }
        let path = url.path.split(separator: "/")
        guard path.count == 1 else { return nil }
        return UUID(uuidString: String(path[0]))
    }
}
