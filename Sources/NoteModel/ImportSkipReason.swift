/// Why a file given to import did not become a note.
public enum ImportSkipReason: Error, Equatable, Sendable {
    /// There is no file or folder at the path.
    case notFound
    /// Not a `.md` or `.txt` file (given by name; such files in a folder are passed over silently).
    case notMarkdownOrText
    /// The file could not be read; the system's reason.
    case unreadable(String)
    /// Larger than `NoteFileReader.maximumFileSize`.
    case tooLarge
    /// Holds bytes that are not UTF-8 text: another encoding.
    case notUTF8
    /// Holds NUL bytes or other control characters text never has: not text at all.
    case binary
    /// Holds nothing but blanks.
    case empty
    /// Its text is already a note (not in the trash), or an earlier file of the same import had it.
    case alreadyANote
}
