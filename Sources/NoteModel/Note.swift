public import FoundationEssentials

/// A note: free text whose first non-blank line is its title.
public struct Note: Sendable, Equatable, Identifiable {
    /// Stable for the note's whole life; also the note's address (`quire://note/<id>`).
    public let id: UUID
    /// Everything the user typed.
    public var body: String
    /// When the note was made.
    public let createdAt: Date
    /// When the body last changed.
    public var modifiedAt: Date
    /// How many times the body was saved: a save names the revision it edited,
    /// and is refused if the note has moved on since.
    public var revision: Int64
    /// The note's category (`NoteCategory`'s path), "" for none.
    public var category: String

    /// A note with the given fields.
    public init(id: UUID, body: String, createdAt: Date, modifiedAt: Date, revision: Int64 = 0, category: String = "") {
        self.id = id
        self.body = body
        self.createdAt = createdAt
        self.modifiedAt = modifiedAt
        self.revision = revision
        self.category = category
    }

    /// The first non-blank line, trimmed, without its Markdown marks; empty for a blank note.
    public var title: String { Note.title(ofBody: body) }

    /// The longest title kept, in characters; longer first lines are cut with "…".
    public static let maximumTitleLength = 80

    /// How much of a note's start its title is taken from (the list and window
    /// titles read only this much, so long notes cost nothing extra per keystroke).
    public static let titleSourceLength = 400

    /// The title a note with `body` has: its first line that says something
    /// within the first `titleSourceLength` Unicode scalars (as SQLite's
    /// `substr` counts them, which is what the list reads), trimmed, its
    /// Markdown marks removed (`# Groceries` is "Groceries"), and cut to
    /// `maximumTitleLength` characters. A line of marks alone (a code fence,
    /// a rule) is passed over, unless no other line says anything: then the
    /// first is the title as typed. A properties block at the start
    /// (`MarkdownFrontMatter`) is passed over too, if a line after it says
    /// something. One pass over the start's scalars: a search makes up to
    /// 200 titles at once, and restoring a window dozens.
    public static func title(ofBody body: String) -> String {
        let scalars = body.unicodeScalars
        var found: (saying: String?, marksOnly: String?) = (nil, nil)
        if let properties = MarkdownFrontMatter.end(in: body, within: titleSourceLength) {
            found = firstLine(of: scalars, from: properties.index, read: properties.scalars)
        }
        if found.saying == nil { found = firstLine(of: scalars, from: scalars.startIndex, read: 0) }
        guard let title = found.saying ?? found.marksOnly else { return "" }
        guard title.unicodeScalars.count > maximumTitleLength, title.count > maximumTitleLength else { return title }
        return String(title.prefix(maximumTitleLength - 1)) + "…"
    }

    /// The first line from `start` on that says something (its marks
    /// removed), and the first non-blank one, as typed, read up to the
    /// `titleSourceLength`th scalar (`alreadyRead` of them before `start`).
    private static func firstLine(
        of scalars: String.UnicodeScalarView, from start: String.Index, read alreadyRead: Int
    ) -> (saying: String?, marksOnly: String?) {
        var index = start, read = alreadyRead
        var first: String.Index?, last: String.Index?
        var marksOnly: String?
        while true {
            let atEnd = index == scalars.endIndex || read >= titleSourceLength
            if atEnd || isLineBreak(scalars[index]) {
                if let start = first, let end = last {
                    let typed = String(scalars[start...end])
                    if let saying = MarkdownTitle.text(of: typed) { return (saying, marksOnly) }
                    if marksOnly == nil { marksOnly = typed }
                }
                first = nil
                if atEnd { return (nil, marksOnly) }
            } else if !isBlank(scalars[index]) {
                if first == nil { first = index }
                last = index
            }
            scalars.formIndex(after: &index)
            read += 1
        }
    }

    /// What the list sorts `body` by in title order: its title, in lower case
    /// and without accents ("Éclair" beside "eclair", after "Apple").
    public static func sortTitle(ofBody body: String) -> String {
        TextFolding.folded(title(ofBody: body))
    }

    /// Whether `scalar` ends a line: what makes Swift's newline characters.
    static func isLineBreak(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A...0x0D, 0x85, 0x2028, 0x2029: true
        default: false
        }
    }

    /// Whether `scalar` is blank (a space or a tab, a wider space, or an invisible one) but no line break.
    static func isBlank(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII { return scalar == " " || scalar == "\t" }
        // A byte-order mark (Windows' Notepad starts a file with one) and a zero-width space show nothing either.
        if scalar == "\u{FEFF}" || scalar == "\u{200B}" { return true }
        return scalar.properties.isWhitespace && !isLineBreak(scalar)
    }
}
