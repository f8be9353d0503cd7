/// Why an export wrote nothing (or, for a failure while renaming, not every file).
public enum NoteExportError: Error, Equatable, Sendable {
    /// There is no folder at the path.
    case folderMissing(String)
    /// The path is a file, not a folder.
    case notAFolder(String)
    /// A file could not be written at `path`; the system's reason ("No space left on device").
    case cannotWrite(path: String, reason: String)
}
